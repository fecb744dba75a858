// Address look-up through a fake Nominatim speaking the real protocol on 127.0.0.1.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import { makeUser } from '../support/factories.js';
import { type FakeNominatim, startFakeNominatim } from '../support/fake-nominatim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let geocoder: FakeNominatim;
let server: TestApp;
let withoutGeocoder: TestApp;
let owner: AuthResponse;

beforeAll(async () => {
  geocoder = await startFakeNominatim();
  server = await startTestApp({ env: { GEOCODER_URL: geocoder.url } });
  withoutGeocoder = await startTestApp();
  owner = await makeUser(server.api, 'shop_owner');
});
afterAll(async () => {
  await server?.close();
  await withoutGeocoder?.close();
  await geocoder?.close();
});

test('finds an address, asking Nominatim for one JSON result with an identifying User-Agent', async () => {
  geocoder.setMode('found');
  const reply = await server.api.as(owner).get('/api/geocode?q=120%20Long%20Street%2C%20Cape%20Town');
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ lat: '-33.9249', lon: '18.4173', displayName: '120 Long Street, Cape Town' });
  const asked = geocoder.requests.at(-1)!;
  expect(asked.query.get('format')).toBe('json');
  expect(asked.query.get('limit')).toBe('1');
  expect(asked.query.get('q')).toBe('120 Long Street, Cape Town');
  expect(asked.headers['user-agent']).toMatch(/^BrewConnect\/\S+ \(\+http/);
});

test('the same address again is answered from the cache', async () => {
  const before = geocoder.requests.length;
  const reply = await server.api.as(owner).get('/api/geocode?q=120%20long%20street,%20cape%20town');
  expect(reply.status).toBe(200);
  expect(geocoder.requests.length).toBe(before);
});

test('an address Nominatim does not know is 404 Location not found', async () => {
  geocoder.setMode('empty');
  const reply = await server.api.as(owner).get('/api/geocode?q=1%20Nowhere%20Lane');
  expect(reply.status).toBe(404);
  expect(reply.body).toEqual({ message: 'Location not found' });
});

test('a failing Nominatim is 502 with a message', async () => {
  geocoder.setMode('fail');
  const reply = await server.api.as(owner).get<{ message: string }>('/api/geocode?q=2%20Broken%20Road');
  expect(reply.status).toBe(502);
  expect(reply.body.message).toMatch(/map search service/);
  geocoder.setMode('found');
});

test('with no GEOCODER_URL every look-up is Location not found', async () => {
  const someone = await makeUser(withoutGeocoder.api, 'shop_owner');
  const reply = await withoutGeocoder.api.as(someone).get('/api/geocode?q=120%20Long%20Street');
  expect(reply.status).toBe(404);
  expect(reply.body).toEqual({ message: 'Location not found' });
});

test('visitors get 401 and a too-short query 400', async () => {
  expect((await server.api.get('/api/geocode?q=Long%20Street')).status).toBe(401);
  const short = await server.api.as(owner).get<{ message: string }>('/api/geocode?q=ab');
  expect(short.status).toBe(400);
  expect(short.body.message).toContain('q must be at least 3 characters');
});
