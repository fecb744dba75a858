// A shop's pin as numbers, and the directions link to it.
import { expect, test } from 'vitest';
import { directionsUrl, shopPosition } from './shop-position';

test('a shop with coordinates has a position; one without has none', () => {
  expect(shopPosition({ latitude: '-33.9249', longitude: '18.4241' })).toEqual([-33.9249, 18.4241]);
  expect(shopPosition({ latitude: null, longitude: '18.4241' })).toBeNull();
  expect(shopPosition({ latitude: 'x', longitude: '18.4241' })).toBeNull();
});

test('directions go to the pin in Google Maps’ cross-platform form', () => {
  expect(directionsUrl([-33.9249, 18.4241])).toBe(
    'https://www.google.com/maps/dir/?api=1&destination=-33.9249,18.4241',
  );
});
