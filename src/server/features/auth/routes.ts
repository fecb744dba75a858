// The accounts HTTP surface (spec §7 Auth): register, sign in, sign-up codes and the current user.
import {
  authResponse,
  loginBody,
  messageResponse,
  registerBody,
  sendCodeBody,
  user as userSchema,
  verifyCodeBody,
} from '../../../shared/api/auth.js';
import type { App } from '../../app-type.js';
import { requireUser } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import { LoginThrottle } from './login-throttle.js';
import { authenticate, findUser, registerUser, sendSignUpCode, verifyCodeAndRegister } from './service.js';

/**
 * Guessing limits. Sign-in counts failed tries per client address and email (LoginThrottle); code checks
 * count per client address and email after the body is parsed; code sending counts per client address.
 */
const codeCheckLimit = {
  max: 10,
  timeWindow: '15 minutes',
  hook: 'preHandler' as const,
  keyGenerator: (request: { ip: string; body?: unknown }) =>
    `${request.ip}:${(request.body as { email?: string } | undefined)?.email ?? ''}`,
};
const codeSendLimit = { max: 30, timeWindow: '1 hour' };

export function authRoutes(app: App) {
  const issue = async (user: { id: number; role: 'customer' | 'shop_owner' }) =>
    app.deps.tokens.sign({ id: user.id, role: user.role });

  app.post(
    '/api/auth/register',
    { schema: { body: registerBody, response: { 201: authResponse } } },
    async (request, reply) => {
      const user = await registerUser(app.db, request.body);
      return reply.code(201).send({ accessToken: await issue(user), user });
    },
  );

  const throttle = new LoginThrottle();
  for (const path of ['/api/auth/login', '/api/auth/email-login']) {
    app.post(path, { schema: { body: loginBody, response: { 200: authResponse } } }, async (request) => {
      const { email, password } = request.body;
      throttle.check(request.ip, email);
      try {
        const user = await authenticate(app.db, email, password);
        throttle.recordSuccess(request.ip, email);
        return { accessToken: await issue(user), user };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) throttle.recordFailure(request.ip, email);
        throw error;
      }
    });
  }

  app.post(
    '/api/auth/send-code',
    {
      schema: { body: sendCodeBody, response: { 200: messageResponse } },
      config: { rateLimit: codeSendLimit },
    },
    async (request) => {
      await sendSignUpCode(app.deps.codes, request.body.email, request.ip);
      return { message: `We sent a 6-digit code to ${request.body.email}. It expires in 10 minutes.` };
    },
  );

  app.post(
    '/api/auth/verify-code',
    {
      schema: { body: verifyCodeBody, response: { 201: authResponse } },
      config: { rateLimit: codeCheckLimit },
    },
    async (request, reply) => {
      const user = await verifyCodeAndRegister(app.deps.codes, request.body);
      return reply.code(201).send({ accessToken: await issue(user), user });
    },
  );

  app.get('/api/auth/me', { schema: { response: { 200: userSchema } } }, async (request) => {
    const { id } = requireUser(request);
    const user = await findUser(app.db, id);
    if (!user) throw new HttpError(401, 'Your account no longer exists. Please sign in again.');
    return user;
  });
}
