// The Promote button's rule and the promotion's amounts and dates.
import { describe, expect, test } from 'vitest';
import { localDate, promoteAction, shortRand } from './promotion.js';

const now = new Date('2026-11-23T10:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();

describe('promoteAction', () => {
  test('offers Promote to a shop that was never promoted', () => {
    expect(promoteAction({ isPromoted: false, promotionExpiresAt: null }, now)).toBe('promote');
  });
  test('offers Promote again once the promotion has run out', () => {
    expect(promoteAction({ isPromoted: true, promotionExpiresAt: inDays(-1) }, now)).toBe('promote');
  });
  test('hides the button while more than 7 days are left', () => {
    expect(promoteAction({ isPromoted: true, promotionExpiresAt: inDays(7.01) }, now)).toBeNull();
  });
  test('offers Extend in the last 7 days', () => {
    expect(promoteAction({ isPromoted: true, promotionExpiresAt: inDays(7) }, now)).toBe('extend');
    expect(promoteAction({ isPromoted: true, promotionExpiresAt: inDays(0.1) }, now)).toBe('extend');
  });
});

test('shortRand drops the cents of whole rand only', () => {
  expect(shortRand(49_900)).toBe('R499');
  expect(shortRand(49_950)).toBe('R499.50');
});

test('localDate reads the day in Johannesburg, not UTC', () => {
  // 23:30 UTC on 23 November is already 24 November in Johannesburg (UTC+2).
  expect(localDate('2026-11-23T23:30:00Z')).toMatch(/24 Nov 2026/);
});
