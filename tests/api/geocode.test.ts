// Address look-up (spec §5 Geocoding on submit, §7 Third party) through a fake Nominatim speaking the real
// protocol on 127.0.0.1. The app asks at most once a second, so this file keeps its distinct look-ups few.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNominatimGeocoder } from '../../src/server/integrations/geocoder.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { GeocodeResult, Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type FakeNominatim, startFakeNominatim } from '../support/fake-nominatim.js';
import { startAppOn, startTestApp, type TestApp } from '../support/test-app.js';

let nominatim: FakeNominatim;
let server: TestApp;
let owner: AuthResponse;
let customer: AuthResponse;

const USER_AGENT = /^BrewConnect\/\S+ \(\+http/;
const geocode = (who: AuthResponse, q: string) =>
  server.api.as(who).get<GeocodeResult & { message: string }>(`/api/geocode?q=${encodeURIComponent(q)}`);
/** Searches the fake received since `before`, as their q values. */
const askedSince = (before: number) =>
  nominatim.requests.slice(before).map((request) => request.query.get('q'));

beforeAll(async () => {
  nominatim = await startFakeNominatim();
  server = await startTestApp({ env: { GEOCODER_URL: nominatim.url } });
  owner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
});
afterAll(async () => {
  await server?.close();
  await nominatim?.close();
});

describe('finding an address', () => {
  test('answers latitude, longitude, approximate and label (and the spec’s lat, lon, displayName), asking Nominatim for one JSON result with an identifying User-Agent', async () => {
    nominatim.setMode('found');
    const before = nominatim.requests.length;
    const reply = await geocode(owner, '120 Long Street, Cape Town');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      latitude: -33.9249,
      longitude: 18.4173,
      approximate: false,
      label: '120 Long Street, Cape Town',
      lat: '-33.9249',
      lon: '18.4173',
      displayName: '120 Long Street, Cape Town',
    });
    expect(askedSince(before)).toEqual(['120 Long Street, Cape Town']);
    const asked = nominatim.requests.at(-1)!;
    expect(asked.query.get('format')).toBe('json');
    expect(asked.query.get('limit')).toBe('1');
    expect(asked.headers['user-agent']).toMatch(USER_AGENT);
  });

  test('the same address again, in other case and spacing, is answered from the cache', async () => {
    const before = nominatim.requests.length;
    const reply = await geocode(owner, '  120 long street, CAPE TOWN ');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ lat: '-33.9249', lon: '18.4173' });
    expect(askedSince(before)).toEqual([]);
  });

  test('two people asking for the same new address at once cost Nominatim one request', async () => {
    const before = nominatim.requests.length;
    const [first, second] = await Promise.all([
      geocode(owner, 'Braamfontein, Johannesburg'),
      geocode(customer, 'braamfontein, johannesburg'),
    ]);
    // A suburb is all Nominatim found: its centre, approximate.
    expect(first.body).toMatchObject({
      lat: '-26.1929',
      lon: '28.0336',
      approximate: true,
      label: 'Braamfontein',
    });
    expect(second.body).toMatchObject({ lat: '-26.1929', lon: '28.0336' });
    expect(askedSince(before)).toEqual(['Braamfontein, Johannesburg']);
  });

  test('a street is found, labelled without municipality, province, code and country; a township is approximate', async () => {
    const street = await geocode(owner, 'Kloof Street, Cape Town');
    expect(street.body).toMatchObject({
      latitude: -33.9312,
      longitude: 18.4089,
      approximate: false,
      label: 'Kloof Street, Gardens, Cape Town',
    });
    const township = await geocode(owner, 'Vilakazi St, Soweto');
    expect(township.body).toMatchObject({ latitude: -26.2485, approximate: true, label: 'Soweto' });
  });

  test('a shop that moves to an address found only as a township is marked approximate; the owner’s pin is not', async () => {
    const shop = await makeShop(server.api, owner, { latitude: '-33.9', longitude: '18.4' });
    expect(shop.locationApproximate).toBe(false);
    const moved = await server.api
      .as(owner)
      .put<Shop>(`/api/coffee-shops/${shop.id}`, { address: '12 Vilakazi St, Soweto' });
    expect(moved.body).toMatchObject({ latitude: '-26.2485', locationApproximate: true });
    const pinned = await server.api
      .as(owner)
      .put<Shop>(`/api/coffee-shops/${shop.id}`, { latitude: '-26.23867', longitude: '27.90876' });
    expect(pinned.body).toMatchObject({ latitude: '-26.23867', locationApproximate: false });
    const read = await server.api.get<Shop>(`/api/coffee-shops/${shop.id}`);
    expect(read.body.locationApproximate).toBe(false);
    const refused = await server.api
      .as(owner)
      .put<{ message: string }>(`/api/coffee-shops/${shop.id}`, { locationApproximate: 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('locationApproximate must be true or false');
  });

  test('a place Nominatim does not know is 404 Location not found', async () => {
    nominatim.setMode('empty');
    try {
      const reply = await geocode(owner, '1 Nowhere Lane');
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: 'Location not found' });
    } finally {
      nominatim.setMode('found');
    }
  });

  test('a failing Nominatim is 502 with a message when the address names no known town, and is asked again once it recovers', async () => {
    const before = nominatim.requests.length;
    nominatim.setMode('fail');
    try {
      const reply = await geocode(owner, '2 Bree Street, Qwerty Flats');
      expect(reply.status).toBe(502);
      expect(reply.body.message).toMatch(/map search service/);
    } finally {
      nominatim.setMode('found');
    }
    // A failure is not remembered as "not found".
    const again = await geocode(owner, '2 Bree Street, Qwerty Flats');
    expect(again.status).toBe(200);
    expect(again.body.approximate).toBe(false);
    expect(askedSince(before)).toEqual(['2 Bree Street, Qwerty Flats', '2 Bree Street, Qwerty Flats']);
  });

  test('a failing Nominatim falls back to the town the address names, marked approximate', async () => {
    nominatim.setMode('fail');
    try {
      const reply = await geocode(owner, '2 Bree Street, Cape Town');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        latitude: -33.92584,
        longitude: 18.42322,
        approximate: true,
        label: 'Cape Town',
        lat: '-33.92584',
        lon: '18.42322',
        displayName: 'Cape Town (approximate: the centre of Cape Town)',
      });
    } finally {
      nominatim.setMode('found');
    }
  });

  test('an address Nominatim does not know but whose town is known gives the town’s centre', async () => {
    nominatim.setMode('empty');
    try {
      const reply = await geocode(owner, '9 Unknown Lane, Stellenbosch');
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        approximate: true,
        displayName: expect.stringMatching(/^Stellenbosch/),
      });
    } finally {
      nominatim.setMode('found');
    }
  });

  test('over this whole file Nominatim never saw two requests from the app less than a second apart', () => {
    const times = nominatim.requests
      .filter((request) => USER_AGENT.test(String(request.headers['user-agent'])))
      .map((request) => request.at);
    expect(times.length).toBeGreaterThanOrEqual(4);
    for (let index = 1; index < times.length; index += 1) {
      // A timer may fire a millisecond early; anything near a second is the throttle at work.
      expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(990);
    }
  });
});

describe('when there is no geocoder to ask', () => {
  test('with no GEOCODER_URL the bundled gazetteer answers: a known town’s centre, else 404 Location not found', async () => {
    // A second app on the same database, configured without GEOCODER_URL.
    const bare = await startAppOn(server.database);
    try {
      const before = nominatim.requests.length;
      const unknown = await bare.api.as(owner).get('/api/geocode?q=120%20Long%20Street');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'Location not found' });
      const known = await bare.api
        .as(owner)
        .get<GeocodeResult>(`/api/geocode?q=${encodeURIComponent('1 Florida Rd, Morningside, Durban')}`);
      expect(known.status).toBe(200);
      expect(known.body).toMatchObject({ approximate: true, displayName: expect.stringMatching(/^Durban/) });
      // And a shop created with those coordinates is found near Durban.
      const shop = await makeShop(bare.api, owner, {
        address: '1 Florida Rd, Morningside, Durban',
        latitude: known.body.lat,
        longitude: known.body.lon,
        locationApproximate: true,
      });
      expect(shop).toMatchObject({ locationApproximate: true });
      const near = await bare.api.get<{ id: number }[]>(
        `/api/coffee-shops?latitude=-29.85&longitude=31.02&sortByDistance=true&limit=100`,
      );
      expect(near.body.map((found) => found.id)).toContain(shop.id);
      expect(nominatim.requests.length).toBe(before);
    } finally {
      await bare.close();
    }
  });

  test('a Nominatim that never answers is 502 once the request times out, not a hung call', async () => {
    const impatient = await startAppOn(server.database, {
      geocoder: createNominatimGeocoder(nominatim.url, 'BrewConnect-timeout-test', { timeoutMs: 300 }),
    });
    nominatim.setMode('hang');
    try {
      const reply = await impatient.api
        .as(owner)
        .get<{ message: string }>('/api/geocode?q=3%20Loop%20Street');
      expect(reply.status).toBe(502);
      expect(reply.body.message).toMatch(/map search service/);
    } finally {
      nominatim.setMode('found');
      await impatient.close();
    }
  });
});

describe('who may ask, and how', () => {
  test('customers and shop owners may look up addresses; visitors and bad tokens get 401', async () => {
    const q = '/api/geocode?q=120%20Long%20Street%2C%20Cape%20Town';
    expect((await server.api.as(owner).get(q)).status).toBe(200);
    expect((await server.api.as(customer).get(q)).status).toBe(200);
    const visitor = await server.api.get(q);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ message: 'Please sign in to continue' });
    expect((await server.api.as('not-a-token').get(q)).status).toBe(401);
  });

  test.each([
    ['two letters', '?q=ab', 'q must be at least 3 characters'],
    ['two letters padded with spaces', '?q=%20%20ab%20%20', 'q must be at least 3 characters'],
    ['no q at all', '', 'q'],
    ['301 letters', `?q=${'a'.repeat(301)}`, 'q must be at most 300 characters'],
  ])('a query of %s is 400 and nothing is sent to Nominatim', async (_label, query, words) => {
    const before = nominatim.requests.length;
    const reply = await server.api.as(owner).get<{ message: string }>(`/api/geocode${query}`);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(words);
    expect(nominatim.requests.length).toBe(before);
  });
});

describe('the map tiles', () => {
  test('GET /api/map-config answers MAP_TILE_URL and its credit, and the CSP lets images come from exactly its origin', async () => {
    const tiled = await startAppOn(server.database, {
      env: { MAP_TILE_URL: 'http://127.0.0.1:5905/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '© Test Tiles' },
    });
    try {
      const response = await fetch(`${tiled.baseUrl}/api/map-config`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        tileUrl: 'http://127.0.0.1:5905/{z}/{x}/{y}.png',
        attribution: '© Test Tiles',
      });
      const imageSources = /img-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      expect(imageSources?.split(' ')).toEqual(["'self'", 'data:', 'https:', 'http://127.0.0.1:5905']);
      // Visitors may see maps: no sign-in needed.
      expect((await server.api.get<{ tileUrl: string }>('/api/map-config')).body.tileUrl).toBe(
        'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      );
    } finally {
      await tiled.close();
    }
  });
});
