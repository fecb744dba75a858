// A distance reads in metres under a kilometre and in kilometres to one decimal from there.
import { expect, test } from 'vitest';
import { distanceLabel } from './distance.js';

test('under a kilometre reads in whole metres', () => {
  expect(distanceLabel(0.3504)).toBe('350 m away');
  expect(distanceLabel(0)).toBe('0 m away');
});

test('a kilometre and more reads in kilometres to one decimal', () => {
  expect(distanceLabel(1)).toBe('1.0 km away');
  expect(distanceLabel(12.345)).toBe('12.3 km away');
});
