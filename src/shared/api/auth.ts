// The accounts contract (spec §3 User, §7 Auth): every auth request and response, validated on both sides.
import { z } from 'zod';
import { safeText } from './text.js';

export const roles = ['customer', 'shop_owner'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

export const MIN_PASSWORD_LENGTH = 6;

export const email = safeText('email is required')
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'email must be a valid email address' }));
export const password = safeText('password is required')
  .min(MIN_PASSWORD_LENGTH, `password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(200, 'password must be at most 200 characters long');
export const username = safeText('username is required')
  .trim()
  .min(2, 'username must be at least 2 characters long')
  .max(40, 'username must be at most 40 characters long')
  .regex(/^[\p{L}\p{N}_.\- ]+$/u, 'username may hold letters, digits, spaces, dots, dashes and underscores');

export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role,
  /** False for a /register account until the code mailed to it is entered (issue 32). */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof user>;

export const authResponse = z.object({ accessToken: z.string(), user });
export type AuthResponse = z.infer<typeof authResponse>;

export const loginBody = z.object({
  email,
  // Sign-in does not re-check the length rule: an old password must still be able to sign in.
  password: safeText('password is required').min(1, 'password is required').max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({ username, email, password, role });
export type RegisterBody = z.infer<typeof registerBody>;

export const sendCodeBody = z.object({ email });
export const messageResponse = z.object({ message: z.string() });

export const CODE_LENGTH = 6;
export const verifyCodeBody = z.object({
  email,
  code: z.string({ message: 'code is required' }).regex(/^\d{6}$/, 'code must be exactly 6 digits'),
  userData: z.object({ username, password, role }),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBody>;

/** POST /api/auth/check-code: the wizard's step 2 asks whether the code is right without spending it. */
export const checkCodeBody = z.object({
  email,
  code: z.string({ message: 'code is required' }).regex(/^\d{6}$/, 'code must be exactly 6 digits'),
});

/** POST /api/auth/confirm-email: the code mailed to a /register account. */
export const confirmEmailBody = z.object({
  code: z.string({ message: 'code is required' }).regex(/^\d{6}$/, 'code must be exactly 6 digits'),
});
/** Minutes the wizard's sign-up code lasts. */
export const SIGN_UP_CODE_MINUTES = 10;
/** Minutes a /register account's confirmation code lasts: the sign-up code's rules (issue 32); Resend makes another. */
export const CONFIRM_EMAIL_CODE_MINUTES = SIGN_UP_CODE_MINUTES;
export const CONFIRM_REVIEW_FIRST = 'Please confirm your email before leaving a review';
