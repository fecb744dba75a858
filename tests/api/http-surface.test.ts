// The HTTP surface around the app's pages (issue 33 defect 10): HSTS only over https, and pages answer only reads.
import http from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  server = await startTestApp();
  // Behind a trusted proxy that terminated TLS: X-Forwarded-Proto says https.
  proxied = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await server?.close();
  await proxied?.close();
});

/** A raw request, so any method (TRACE, PROPFIND) can be sent. */
function send(baseUrl: string, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(`${baseUrl}${path}`, { method, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      request.on('error', reject);
      request.end();
    },
  );
}

test('HSTS is sent over https (through a trusted proxy) and never over plain http', async () => {
  const plain = await send(server.baseUrl, 'GET', '/api/health');
  expect(plain.headers['strict-transport-security']).toBeUndefined();
  const forged = await send(server.baseUrl, 'GET', '/api/health', { 'x-forwarded-proto': 'https' });
  expect(forged.headers['strict-transport-security']).toBeUndefined();
  const secure = await send(proxied.baseUrl, 'GET', '/api/health', { 'x-forwarded-proto': 'https' });
  expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

test('DELETE /, TRACE and PROPFIND on a page are 405 with Allow, never the page', async () => {
  for (const [method, path] of [
    ['DELETE', '/'],
    ['TRACE', '/'],
    ['PROPFIND', '/discover'],
    ['POST', '/shops/1'],
  ] as const) {
    const reply = await send(server.baseUrl, method, path);
    expect(reply.status, `${method} ${path}`).toBe(405);
    expect(reply.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(reply.body)).toEqual({
      message: `Method not allowed: ${method} ${path} (pages are read with GET)`,
    });
  }
  // Reads still get the page, or a 404 for a missing file; unknown API routes stay 404.
  expect((await send(server.baseUrl, 'HEAD', '/discover')).status).not.toBe(405);
  expect((await send(server.baseUrl, 'DELETE', '/api/nothing-here')).status).toBe(404);
});
