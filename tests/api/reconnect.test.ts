// A server restart loses no message: the history holds everything and live delivery resumes once, without doubles.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { type App, buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.js';
import type { Message } from '../../src/shared/api/messages.js';
import { makeShop, makeUser } from '../support/factories.js';
import { httpClient } from '../support/test-app.js';
import { openSocket, receivedContents } from '../support/ws-client.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'coffee-restart-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error' });
let running: { app: App; database: DatabaseHandle } | null = null;

async function start(port = 0) {
  const database = await openDatabase({ dataDir });
  const app = await buildApp({ config, db: database.db, logger: { level: 'error' } });
  await app.listen({ port, host: '127.0.0.1' });
  running = { app, database };
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : port;
}
async function stop() {
  await running?.app.close();
  await running?.database.close();
  running = null;
}
afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('after a restart the history is whole and new messages arrive live exactly once', async () => {
  const port = await start();
  const base = `http://127.0.0.1:${port}`;
  const api = httpClient(base);
  const owner = await makeUser(api, 'shop_owner');
  const customer = await makeUser(api, 'customer');
  const shop = await makeShop(api, owner);
  const send = (content: string) =>
    api.as(customer).post<Message>('/api/messages', { content, receiverId: owner.user.id, shopId: shop.id });

  expect((await send('before the restart')).status).toBe(201);
  const first = await openSocket(base);
  await first.authenticate(owner.accessToken);
  await stop();
  await first.closed;

  await start(port);
  const second = await openSocket(base);
  await second.authenticate(owner.accessToken);
  expect((await send('after the restart')).status).toBe(201);
  await second.next((event) => event.type === 'new_message' && event.message.content === 'after the restart');

  const history = await api
    .as(owner)
    .get<Message[]>(`/api/messages/${shop.id}?customerId=${customer.user.id}`);
  expect(history.body.map((message) => message.content)).toEqual(['before the restart', 'after the restart']);
  expect(receivedContents(second)).toEqual(['after the restart']);
  second.close();
});
