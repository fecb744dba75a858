// The accounts HTTP surface (spec §7 Auth): register, sign in, sign-up codes and the current user.

import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PASSWORD_RESET_SENT,
  passwordResetConfirmBody,
  passwordResetRequestBody,
  session,
  sessionParams,
} from '../../../shared/api/account.js';
import {
  authResponse,
  checkCodeBody,
  confirmEmailBody,
  loginBody,
  messageResponse,
  registerBody,
  sendCodeBody,
  type User,
  user as userSchema,
  verifyCodeBody,
} from '../../../shared/api/auth.js';
import type { App } from '../../app-type.js';
import { requireUser } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import { enqueue } from '../../outbox.js';
import { newDeviceMail } from './account-mail.js';
import { confirmEmail, registerUnconfirmed, resendConfirmation } from './email-confirmation.js';
import { HashGate } from './hash-gate.js';
import { LoginThrottle } from './login-throttle.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.js';
import { authenticate, checkSignUpCode, findUser, sendSignUpCode, verifyCodeAndRegister } from './service.js';
import {
  announceRevoked,
  createSession,
  listSessions,
  originOf,
  type Revocation,
  revokeSessions,
} from './sessions.js';

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

/** Registers the auth routes; returns the password gate and sign-in limits, which account changes share. */
export function authRoutes(app: App): { hashing: HashGate; throttle: LoginThrottle } {
  /**
   * A new session for the user, from this request's browser and address, and its access token. A sign-in from a
   * browser the account was never used on is told to the account's mailbox.
   */
  const issue = async (user: User, request: FastifyRequest) => {
    const origin = originOf(request);
    const session = await createSession(app.db, user.id, origin);
    if (session.newDevice) {
      await enqueue(app.db, 'mail', newDeviceMail(user.email, origin.userAgent, origin.address, new Date()));
      app.deps.outbox.kick();
    }
    return app.deps.tokens.sign({ id: user.id, role: user.role, sid: session.id });
  };

  // One gate per app (it shares out this instance's cores); the throttle's counts are in the database, shared by
  // every instance. The client address is request.ip, which believes X-Forwarded-For only from the proxies
  // TRUST_PROXY names.
  const hashing = new HashGate();
  const throttle = new LoginThrottle(app.db);

  app.post(
    '/api/auth/register',
    {
      schema: { body: registerBody, response: { 201: authResponse } },
      // Accounts need no email proof up front: bounded per client address, so one machine cannot mint hundreds;
      // the email is confirmed afterwards with a mailed code (email-confirmation.ts).
      config: { rateLimit: { max: app.deps.config.registrationsPerHour, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const user = await hashing.run(null, () =>
        registerUnconfirmed(app.deps.codes, request.body, request.ip),
      );
      app.deps.outbox.kick();
      return reply.code(201).send({ accessToken: await issue(user, request), user });
    },
  );

  app.post(
    '/api/auth/confirm-email',
    {
      schema: { body: confirmEmailBody, response: { 200: userSchema } },
      // Counted per account: its codes allow 5 tries each and 5 codes an hour already; this spaces them out.
      config: {
        rateLimit: {
          ...codeCheckLimit,
          keyGenerator: (request) => `confirm:${request.auth?.id ?? request.ip}`,
        },
      },
    },
    (request) => confirmEmail(app.deps.codes, requireUser(request).id, request.body.code),
  );

  app.post(
    '/api/auth/confirm-email/resend',
    { schema: { response: { 200: messageResponse } }, config: { rateLimit: codeSendLimit } },
    async (request) => {
      const current = await findUser(app.db, requireUser(request).id);
      if (!current) throw new HttpError(401, 'Please sign in to continue');
      const sent = await resendConfirmation(app.deps.codes, current, request.ip);
      app.deps.outbox.kick();
      return sent;
    },
  );

  app.post(
    '/api/auth/check-code',
    {
      schema: { body: checkCodeBody, response: { 200: messageResponse } },
      config: { rateLimit: codeCheckLimit },
    },
    (request) => checkSignUpCode(app.deps.codes, request.body.email, request.body.code),
  );

  for (const path of ['/api/auth/login', '/api/auth/email-login']) {
    app.post(path, { schema: { body: loginBody, response: { 200: authResponse } } }, async (request) => {
      const { email, password } = request.body;
      // Refused before any hashing while the account must wait or this address has failed too often.
      const attempt = await throttle.begin(request.ip, email);
      try {
        const user = await hashing.run(request.ip, () => authenticate(app.db, email, password));
        await attempt.succeeded();
        return { accessToken: await issue(user, request), user };
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
      return reply.code(201).send({ accessToken: await issue(user, request), user });
    },
  );

  app.post(
    '/api/auth/password-reset/request',
    {
      schema: { body: passwordResetRequestBody, response: { 200: messageResponse } },
      config: { rateLimit: codeSendLimit },
    },
    async (request) => {
      await requestPasswordReset(app.db, request.body.email, request.ip);
      app.deps.outbox.kick();
      return { message: PASSWORD_RESET_SENT };
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      schema: { body: passwordResetConfirmBody, response: { 200: authResponse } },
      config: { rateLimit: codeCheckLimit },
    },
    async (request) => {
      const done = await hashing.run(null, () =>
        confirmPasswordReset(app.deps.codes, request.body, originOf(request)),
      );
      app.deps.outbox.kick();
      await announceRevoked(app.deps.bus, done.user.id, done.ended).catch((error) =>
        request.log.error({ err: error }, 'could not announce ended sessions'),
      );
      const accessToken = await app.deps.tokens.sign({
        id: done.user.id,
        role: done.user.role,
        sid: done.sid,
      });
      return { accessToken, user: done.user };
    },
  );

  /** Ends sessions and closes their sockets on every instance; 204. */
  const end = async (request: FastifyRequest, which: Revocation) => {
    const ended = await revokeSessions(app.db, which);
    await announceRevoked(app.deps.bus, which.userId, ended).catch((error) =>
      request.log.error({ err: error }, 'could not announce ended sessions'),
    );
    return ended;
  };

  app.post('/api/auth/logout', async (request, reply) => {
    const { id, sid } = requireUser(request);
    await end(request, { userId: id, only: sid });
    return reply.code(204).send();
  });

  app.post('/api/auth/logout-others', async (request, reply) => {
    const { id, sid } = requireUser(request);
    await end(request, { userId: id, except: sid });
    return reply.code(204).send();
  });

  app.get('/api/auth/sessions', { schema: { response: { 200: z.array(session) } } }, (request) => {
    const { id, sid } = requireUser(request);
    return listSessions(app.db, id, sid);
  });

  app.delete('/api/auth/sessions/:id', { schema: { params: sessionParams } }, async (request, reply) => {
    const { id } = requireUser(request);
    // Only one's own: another user's session (or an ended one) is as absent as one that never was.
    const ended = await end(request, { userId: id, only: request.params.id });
    if (ended.length === 0) throw new HttpError(404, 'Session not found');
    return reply.code(204).send();
  });

  app.get('/api/auth/me', { schema: { response: { 200: userSchema } } }, async (request) => {
    const { id } = requireUser(request);
    const user = await findUser(app.db, id);
    if (!user) throw new HttpError(401, 'Your account no longer exists. Please sign in again.');
    return user;
  });
  return { hashing, throttle };
}
