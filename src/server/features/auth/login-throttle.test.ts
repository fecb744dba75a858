// Unit tests of the failed-sign-in throttle: the account's growing delay and the address's cap.
import { expect, test } from 'vitest';
import {
  accountDelayMs,
  FREE_ACCOUNT_FAILURES,
  LoginThrottle,
  MAX_ADDRESS_FAILURES,
} from './login-throttle.js';

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function fail(throttle: LoginThrottle, address: string, email: string) {
  throttle.begin(address, email); // never told it succeeded: it stays a failure
}

test('an account must wait longer after each failure past the free ones, whatever the address', () => {
  const time = clock();
  const throttle = new LoginThrottle(time.now);
  for (let i = 0; i < FREE_ACCOUNT_FAILURES; i += 1) fail(throttle, `10.0.0.${i}`, 'a@b.co');
  expect(() => throttle.begin('10.9.9.9', 'A@B.co')).toThrow(/try again in 1 seconds/);
  time.advance(1000);
  fail(throttle, '10.9.9.8', 'a@b.co');
  time.advance(1000);
  expect(() => throttle.begin('10.9.9.7', 'a@b.co')).toThrow(/try again in 1 seconds/);
  time.advance(1000);
  expect(() => throttle.begin('10.9.9.7', 'a@b.co')).not.toThrow();
});

test('the delay stops growing at a minute, so an account takes at most about 70 guesses an hour', () => {
  expect(accountDelayMs(FREE_ACCOUNT_FAILURES - 1)).toBe(0);
  expect(accountDelayMs(FREE_ACCOUNT_FAILURES + 3)).toBe(8000);
  expect(accountDelayMs(FREE_ACCOUNT_FAILURES + 30)).toBe(60_000);
  const time = clock();
  const throttle = new LoginThrottle(time.now);
  let guesses = 0;
  for (let second = 0; second < 3600; second += 1) {
    try {
      throttle.begin(`10.0.${second % 200}.1`, 'victim@b.co');
      guesses += 1;
    } catch {
      // refused: waited too little
    }
    time.advance(1000);
  }
  expect(guesses).toBeLessThanOrEqual(100);
  expect(guesses).toBeGreaterThan(50);
});

test('a success clears the account, and a try without a verdict does not count', () => {
  const time = clock();
  const throttle = new LoginThrottle(time.now);
  for (let i = 0; i < FREE_ACCOUNT_FAILURES - 1; i += 1) fail(throttle, '1.1.1.1', 'a@b.co');
  throttle.begin('1.1.1.1', 'a@b.co').abandoned();
  throttle.begin('1.1.1.1', 'a@b.co').succeeded();
  for (let i = 0; i < FREE_ACCOUNT_FAILURES; i += 1) fail(throttle, '1.1.1.1', 'a@b.co');
  expect(() => throttle.begin('1.1.1.1', 'a@b.co')).toThrow(/Too many failed sign-in attempts/);
});

test('one address failing over many emails is refused for a while, and others are not', () => {
  const time = clock();
  const throttle = new LoginThrottle(time.now);
  for (let i = 0; i < MAX_ADDRESS_FAILURES; i += 1) fail(throttle, '1.1.1.1', `user${i}@b.co`);
  expect(() => throttle.begin('1.1.1.1', 'fresh@b.co')).toThrow(/try again in 15 minutes/);
  expect(() => throttle.begin('2.2.2.2', 'fresh@b.co')).not.toThrow();
  time.advance(15 * 60 * 1000 + 1);
  expect(() => throttle.begin('1.1.1.1', 'fresh2@b.co')).not.toThrow();
});

test('concurrent tries count from the start, so they cannot all slip past the cap', () => {
  const throttle = new LoginThrottle(clock().now);
  let started = 0;
  for (let i = 0; i < 100; i += 1) {
    try {
      throttle.begin('1.1.1.1', `user${i}@b.co`);
      started += 1;
    } catch {
      // refused
    }
  }
  expect(started).toBe(MAX_ADDRESS_FAILURES);
});
