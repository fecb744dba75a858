// Accounts people can trust (issue 28): sessions that end, forgotten passwords, account settings, and POPIA's
// rights to see and delete one's data.
import { z } from 'zod';
import { email, password, username } from './auth.js';
import { safeText } from './text.js';

/** GET /api/auth/sessions: where one is signed in. */
export const session = z.object({
  id: z.string(),
  /** The session this request is made with. */
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
});
export type Session = z.infer<typeof session>;
/**
 * A session id: a UUID in its canonical 8-4-4-4-12 form, as the token's sid is checked (auth/tokens.ts). Anything
 * else (36 dashes, 36 hex digits) is a 400 naming it, never a 500 from PostgreSQL's uuid cast.
 */
export const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const sessionParams = z.object({
  id: z.string().regex(SESSION_ID_PATTERN, 'id must be a session id from GET /api/auth/sessions'),
});

const code = z.string({ message: 'code is required' }).regex(/^\d{6}$/, 'code must be exactly 6 digits');

/** POST /api/auth/password-reset/request. */
export const passwordResetRequestBody = z.object({ email });
/** The same words whether or not the account exists. */
export const PASSWORD_RESET_SENT =
  'If an account uses that email, we sent it a 6-digit code. It expires in 15 minutes.';
export const PASSWORD_RESET_CODE_MINUTES = 15;
/** POST /api/auth/password-reset/confirm → AuthResponse. */
export const passwordResetConfirmBody = z.object({ email, code, password });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;
export const RESET_CODE_EXPIRED = 'That code has expired — ask for a new one';

/** PUT /api/account. */
export const accountBody = z.object({ username });
/** POST /api/account/email: a code goes to the new address. */
export const emailChangeBody = z.object({
  email,
  password: safeText('password is required').min(1, 'password is required').max(200),
});
/** POST /api/account/email/confirm. */
export const emailConfirmBody = z.object({ code });
/** PUT /api/account/password. */
export const passwordChangeBody = z.object({
  currentPassword: safeText('currentPassword is required').min(1, 'currentPassword is required').max(200),
  password,
});
/** DELETE /api/account. */
export const accountDeleteBody = z.object({
  password: safeText('password is required').min(1, 'password is required').max(200),
});

/** The name shown for a customer who deleted their account, on their reviews and messages. */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';
/** Data exports one user may download in an hour. */
export const EXPORTS_PER_HOUR = 5;
