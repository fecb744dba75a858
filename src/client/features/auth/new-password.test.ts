// The new-password checks of the reset page and Settings.
import { expect, test } from 'vitest';
import { newPasswordProblem } from './new-password';

test('a new password must be given twice, alike, and at least 6 characters long', () => {
  expect(newPasswordProblem('', '')).toBe('Please enter the new password twice');
  expect(newPasswordProblem('flatwhite', '')).toBe('Please enter the new password twice');
  expect(newPasswordProblem('flatwhite', 'flatwhit')).toBe('Passwords do not match');
  expect(newPasswordProblem('latte', 'latte')).toBe('Password must be at least 6 characters long');
  expect(newPasswordProblem('cortado', 'cortado')).toBeNull();
});
