// The checks a new password gets before it is sent (the server checks again): both fields alike, and long enough.
import { MIN_PASSWORD_LENGTH } from '@shared/api/auth';

/** What is wrong with the new password and its confirmation, in the words the sign-up wizard uses; null if nothing. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (!password || !confirm) return 'Please enter the new password twice';
  if (password !== confirm) return 'Passwords do not match';
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  return null;
}
