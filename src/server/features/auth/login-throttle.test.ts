// Unit tests of the failed-sign-in throttle.
import { expect, test } from 'vitest';
import { LoginThrottle } from './login-throttle.js';

test('refuses after the allowed failures, per address and email', () => {
  const throttle = new LoginThrottle(3, 60_000);
  for (let i = 0; i < 3; i += 1) throttle.recordFailure('1.1.1.1', 'a@b.co', 1000);
  expect(() => throttle.check('1.1.1.1', 'A@B.co', 2000)).toThrow(/Too many failed sign-in attempts/);
  expect(() => throttle.check('2.2.2.2', 'a@b.co', 2000)).not.toThrow();
  expect(() => throttle.check('1.1.1.1', 'c@d.co', 2000)).not.toThrow();
});

test('a success clears the failures and the window expires by itself', () => {
  const throttle = new LoginThrottle(2, 60_000);
  throttle.recordFailure('1.1.1.1', 'a@b.co', 0);
  throttle.recordSuccess('1.1.1.1', 'a@b.co');
  throttle.recordFailure('1.1.1.1', 'a@b.co', 0);
  expect(() => throttle.check('1.1.1.1', 'a@b.co', 10)).not.toThrow();
  throttle.recordFailure('1.1.1.1', 'a@b.co', 10);
  expect(() => throttle.check('1.1.1.1', 'a@b.co', 20)).toThrow();
  expect(() => throttle.check('1.1.1.1', 'a@b.co', 70_001)).not.toThrow();
});
