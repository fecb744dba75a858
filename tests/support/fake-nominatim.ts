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

/** Known places; any other query is answered with a point in Cape Town's centre. */
const places: Record<string, { lat: string; lon: string }> = {
  'long street': { lat: '-33.9249', lon: '18.4173' },
  braamfontein: { lat: '-26.1929', lon: '28.0336' },
};

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
    const known = Object.entries(places).find(([name]) => q.includes(name))?.[1] ?? {
      lat: '-33.9258',
      lon: '18.4232',
    };
    const body =
      mode === 'empty'
        ? []
        : [
            {
              place_id: 1,
              licence: 'Data © OpenStreetMap contributors, ODbL 1.0',
              ...known,
              display_name: url.searchParams.get('q'),
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
