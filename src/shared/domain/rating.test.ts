// A new shop reads 'New', not '0.0'; the dashboard's Avg Rating counts only shops with reviews.
import { expect, test } from 'vitest';
import { averageRating, ratingLabel } from './rating.js';

test('a shop without reviews reads New; one with reviews its rating', () => {
  expect(ratingLabel({ rating: '0.0', reviewCount: 0 })).toBe('New');
  expect(ratingLabel({ rating: '4.5', reviewCount: 2 })).toBe('4.5');
});

test('the average is over reviewed shops, to one decimal', () => {
  const reviewed = (rating: string) => ({ rating, reviewCount: 3 });
  expect(averageRating([reviewed('4.0'), reviewed('4.5'), reviewed('4.2')])).toBe('4.2');
  expect(averageRating([reviewed('3.0'), reviewed('4.0'), { rating: '0.0', reviewCount: 0 }])).toBe('3.5');
});

test('is a dash while no shop has a review, and without shops', () => {
  expect(averageRating([{ rating: '0.0', reviewCount: 0 }])).toBe('–');
  expect(averageRating([])).toBe('–');
});
