// A fake OpenStreetMap Nominatim on 127.0.0.1: answers /search?format=json&limit=1&q=… as Nominatim does,
// records what it was asked (query, headers, when), and can be told to fail, to find nothing or never to answer.
import { createServer, type IncomingHttpHeaders } from 'node:http';

export type NominatimMode = 'found' | 'empty' | 'fail' | 'hang';

export interface FakeNominatim {
  url: string;
  port: number;
  /** Every search asked, in order of arrival; `at` is Date.now() on arrival. */
  requests: { query: URLSearchParams; headers: IncomingHttpHeaders; at: number }[];
  setMode(mode: NominatimMode): void;
  close(): Promise<void>;
}

/**
 * Known places, with Nominatim's rank (30 a house, 26 a street, 16–20 a town or suburb) and name; any other
 * query is answered with a house in Cape Town's centre.
 */
const places: Record<
  string,
  { lat: string; lon: string; place_rank: number; name: string; display?: string }
> = {
  'long street': { lat: '-33.9249', lon: '18.4173', place_rank: 30, name: '120' },
  braamfontein: { lat: '-26.1929', lon: '28.0336', place_rank: 20, name: 'Braamfontein' },
  soweto: {
    lat: '-26.2485',
    lon: '27.854',
    place_rank: 16,
    name: 'Soweto',
    display: 'Soweto, City of Johannesburg Metropolitan Municipality, Gauteng, 1804, South Africa',
  },
  'kloof street': {
    lat: '-33.9312',
    lon: '18.4089',
    place_rank: 26,
    name: 'Kloof Street',
    display: 'Kloof Street, Gardens, Cape Town, City of Cape Town, Western Cape, 8001, South Africa',
  },
};

/**
 * A place no search finds, whatever the mode (and no South African town, so the offline gazetteer does not
 * find it either): lets a browser test see 'not found' without switching the shared
 * server to 'empty' under the other worker's tests.
 */
export const UNKNOWN_PLACE = 'zzyzx';

export async function startFakeNominatim(port = 0): Promise<FakeNominatim> {
  let mode: NominatimMode = 'found';
  const requests: FakeNominatim['requests'] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // Test control: POST /__mode/<mode> switches how searches are answered (used by the browser suite).
    if (request.method === 'POST' && url.pathname.startsWith('/__mode/')) {
      mode = url.pathname.slice('/__mode/'.length) as NominatimMode;
      response.writeHead(204).end();
      return;
    }
    if (url.pathname !== '/search') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('[]');
      return;
    }
    requests.push({ query: url.searchParams, headers: request.headers, at: Date.now() });
    if (mode === 'hang') return; // never answers; close() drops the connection
    if (mode === 'fail') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const { display, ...known } = Object.entries(places).find(([name]) => q.includes(name))?.[1] ?? {
      lat: '-33.9258',
      lon: '18.4232',
      place_rank: 30,
      name: '',
    };
    const body =
      mode === 'empty' || q.includes(UNKNOWN_PLACE)
        ? []
        : [
            {
              place_id: 1,
              licence: 'Data © OpenStreetMap contributors, ODbL 1.0',
              osm_type: 'way',
              class: known.place_rank < 26 ? 'place' : 'building',
              ...known,
              display_name: display ?? url.searchParams.get('q'),
            },
          ];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
