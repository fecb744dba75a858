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
import { HashGate } from './hash-gate.js';
import { LoginThrottle } from './login-throttle.js';
import { authenticate, findUser, registerUser, sendSignUpCode, verifyCodeAndRegister } from './service.js';

/**
 * Guessing limits (docs/decisions/0002-rate-limits.md). Sign-in counts failed tries per account and per client
 * address (LoginThrottle); every password hash waits its turn in the HashGate; registrations are counted per
 * client address and hour; code checks
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

  // One gate per app (it shares out this instance's cores); the throttle's counts are in the database, shared by
  // every instance. The client address is request.ip, which believes X-Forwarded-For only from the proxies
  // TRUST_PROXY names.
  const hashing = new HashGate();
  const throttle = new LoginThrottle(app.db);

  app.post(
    '/api/auth/register',
    {
      schema: { body: registerBody, response: { 201: authResponse } },
      // Accounts need no email proof here: bounded per client address, so one machine cannot mint hundreds.
      config: { rateLimit: { max: app.deps.config.registrationsPerHour, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const user = await hashing.run(null, () => registerUser(app.db, request.body));
      return reply.code(201).send({ accessToken: await issue(user), user });
    },
  );

  for (const path of ['/api/auth/login', '/api/auth/email-login']) {
    app.post(path, { schema: { body: loginBody, response: { 200: authResponse } } }, async (request) => {
      const { email, password } = request.body;
      // Refused before any hashing while the account must wait or this address has failed too often.
      const attempt = await throttle.begin(request.ip, email);
      try {
        const user = await hashing.run(request.ip, () => authenticate(app.db, email, password));
        await attempt.succeeded();
        return { accessToken: await issue(user), user };
      } catch (error) {
        // A wrong password stays counted; a try refused for load (or failing otherwise) does not.
        if (error instanceof HttpError && error.statusCode === 401) await attempt.failed();
        else await attempt.abandoned();
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
      const user = await hashing.run(null, () => verifyCodeAndRegister(app.deps.codes, request.body));
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
