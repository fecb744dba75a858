// A map's first view follows its shops, then the customer, then South Africa; its area is the API's four bounds.
import { expect, test } from 'vitest';
import { areaOfBounds, NEIGHBOURHOOD_ZOOM, STREET_ZOOM, viewOfShops } from './map-view';

const southAfrica = { center: [-29, 25] as [number, number], zoom: 5 };
const at = (latitude: string | null, longitude: string | null) => ({ latitude, longitude });

test('several pinned shops are all in view; shops without a pin are left out', () => {
  expect(viewOfShops([at('-33.9', '18.4'), at(null, null), at('-26.2', '28.0')], null, southAfrica)).toEqual({
    bounds: [
      [-33.9, 18.4],
      [-26.2, 28.0],
    ],
  });
});

test('one pinned shop is shown at street level', () => {
  expect(viewOfShops([at('-33.9', '18.4')], [-26, 28], southAfrica)).toEqual({
    center: [-33.9, 18.4],
    zoom: STREET_ZOOM,
  });
});

test('without pinned shops the customer is the centre, else all of South Africa', () => {
  expect(viewOfShops([at(null, null)], [-26, 28], southAfrica)).toEqual({
    center: [-26, 28],
    zoom: NEIGHBOURHOOD_ZOOM,
  });
  expect(viewOfShops([], null, southAfrica)).toEqual(southAfrica);
});

test('the area is rounded outwards and kept within the world', () => {
  expect(areaOfBounds(-33.9312345, 18.4012345, -33.9012345, 18.4512345)).toEqual({
    minLatitude: -33.93124,
    maxLatitude: -33.90123,
    minLongitude: 18.40123,
    maxLongitude: 18.45124,
  });
  expect(areaOfBounds(-95, -250, 95, 250)).toEqual({
    minLatitude: -90,
    maxLatitude: 90,
    minLongitude: -180,
    maxLongitude: 180,
  });
});
