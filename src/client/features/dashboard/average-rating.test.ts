// The dashboard's Avg Rating (spec §2 Overview): the mean of the shops' ratings, to one decimal.
import { expect, test } from 'vitest';
import { averageRating } from './average-rating';

test('averages the ratings to one decimal', () => {
  expect(averageRating([{ rating: '4.0' }, { rating: '4.5' }, { rating: '4.2' }])).toBe('4.2');
  expect(averageRating([{ rating: '3.0' }, { rating: '4.0' }])).toBe('3.5');
});

test('is 0.0 without shops', () => {
  expect(averageRating([])).toBe('0.0');
});
