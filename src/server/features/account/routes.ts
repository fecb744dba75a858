// One's own account (issue 28): PUT /api/account (username), email change with a code, password change, the data
// export and account deletion. Every change that needs the password counts wrong ones as sign-in failures.
import type { FastifyRequest } from 'fastify';
import {
  accountBody,
  accountDeleteBody,
  EXPORTS_PER_HOUR,
  emailChangeBody,
  emailConfirmBody,
  passwordChangeBody,
} from '../../../shared/api/account.js';
import { messageResponse, user as userSchema } from '../../../shared/api/auth.js';
import { localDateOf } from '../../../shared/domain/local-date.js';
import type { App } from '../../app-type.js';
import { requireUser } from '../../auth-guard.js';
import { HttpError } from '../../http-error.js';
import type { HashGate } from '../auth/hash-gate.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import { announceRevoked } from '../auth/sessions.js';
import { forgetShopOwners } from '../messages/service.js';
import { deleteAccount } from './deletion.js';
import { exportAccount } from './export.js';
import {
  accountEmail,
  changePassword,
  changeUsername,
  checkPassword,
  confirmEmailChange,
  EMAIL_CODE_MINUTES,
  startEmailChange,
} from './service.js';

export function accountRoutes(app: App, guards: { hashing: HashGate; throttle: LoginThrottle }) {
  /**
   * Checks the account's password as a sign-in does: refused while the account or address must wait, a wrong one
   * counted (400, nothing changed), hashed in the gate's turn.
   */
  const withPassword = async (request: FastifyRequest, userId: number, password: string) => {
    const attempt = await guards.throttle.begin(request.ip, await accountEmail(app.db, userId));
    try {
      await guards.hashing.run(request.ip, () => checkPassword(app.db, userId, password));
      await attempt.succeeded();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) await attempt.failed();
      else await attempt.abandoned();
      throw error;
    }
  };
  const ended = (request: FastifyRequest, userId: number, sessionIds: string[]) =>
    announceRevoked(app.deps.bus, userId, sessionIds).catch((error) =>
      request.log.error({ err: error }, 'could not announce ended sessions'),
    );

  // The privacy page's information officer (PRIVACY_CONTACT): public.
  app.get('/api/privacy-contact', () => ({ email: app.deps.config.privacyContact }));

  app.put('/api/account', { schema: { body: accountBody, response: { 200: userSchema } } }, (request) =>
    changeUsername(app.db, requireUser(request).id, request.body.username),
  );

  app.post(
    '/api/account/email',
    { schema: { body: emailChangeBody, response: { 200: messageResponse } } },
    async (request) => {
      const { id } = requireUser(request);
      await withPassword(request, id, request.body.password);
      await startEmailChange(app.deps.codes, id, request.body.email, request.ip);
      app.deps.outbox.kick();
      return {
        message: `We sent a 6-digit code to ${request.body.email}. It expires in ${EMAIL_CODE_MINUTES} minutes.`,
      };
    },
  );

  app.post(
    '/api/account/email/confirm',
    {
      schema: { body: emailConfirmBody, response: { 200: userSchema } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', hook: 'preHandler', keyGenerator: byUser } },
    },
    async (request) => {
      const changed = await confirmEmailChange(app.deps.codes, requireUser(request).id, request.body.code);
      app.deps.outbox.kick();
      return changed;
    },
  );

  app.put('/api/account/password', { schema: { body: passwordChangeBody } }, async (request, reply) => {
    const { id, sid } = requireUser(request);
    await withPassword(request, id, request.body.currentPassword);
    const others = await guards.hashing.run(null, () =>
      changePassword(app.db, id, sid, request.body.password),
    );
    app.deps.outbox.kick();
    await ended(request, id, others);
    return reply.code(204).send();
  });

  app.get(
    '/api/account/export',
    {
      config: {
        rateLimit: { max: EXPORTS_PER_HOUR, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: byUser },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      const data = await exportAccount(app.db, id);
      const name = (data.profile?.username ?? String(id)).replace(/[^\p{L}\p{N}_.-]+/gu, '-');
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', attachment(`brew-connect-${name}-${localDateOf(new Date())}.json`))
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.delete('/api/account', { schema: { body: accountDeleteBody } }, async (request, reply) => {
    const { id } = requireUser(request);
    await withPassword(request, id, request.body.password);
    const deleted = await deleteAccount(app.db, id);
    forgetShopOwners(app.db, deleted.shopIds);
    await ended(request, id, deleted.ended);
    app.deps.shopsChanged();
    return reply.code(204).send();
  });
}

/** Content-Disposition for a download: an ASCII filename, and the exact one in RFC 5987's filename*. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function byUser(request: { auth?: { id: number } | null; ip: string }) {
  return `account:${request.auth?.id ?? request.ip}`;
}
