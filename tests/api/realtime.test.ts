// The live connection at /ws (spec §4 Live connection, §7 Messages): a socket must authenticate before it hears
// anything, each new message reaches every socket of its two parties once and nobody else's, and a server
// restart loses nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../../src/server/app.js';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.js';
import { AUTH_TIMEOUT_MS } from '../../src/server/realtime/hub.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import type { Message } from '../../src/shared/api/messages.js';
import type { Shop } from '../../src/shared/api/shops.js';
import { makeShop, makeUser } from '../support/factories.js';
import { type Api, httpClient, startTestApp, type TestApp, testConfig } from '../support/test-app.js';
import { connect, messageWith, receivedContents, type TestSocket } from '../support/ws-client.js';

const say = async (api: Api, from: AuthResponse, to: number, content: string, shopId: number) => {
  const reply = await api
    .as(from)
    .post<Message>('/api/messages', { content, receiverId: to, shopId, messageType: 'text' });
  expect(reply.status).toBe(201);
  return reply.body;
};

describe('on one server', () => {
  // A short authentication window keeps the "closed if it never authenticates" case quick; production
  // keeps the default.
  const authTimeoutMs = 1000;
  let server: TestApp;
  let owner: AuthResponse;
  let customer: AuthResponse;
  let shop: Shop;
  const sockets: TestSocket[] = [];
  const open = async (token?: string) => {
    const socket = await connect(server.baseUrl, token);
    sockets.push(socket);
    return socket;
  };
  const customerSays = (content: string) => say(server.api, customer, owner.user.id, content, shop.id);

  beforeAll(async () => {
    server = await startTestApp({ authTimeoutMs });
    owner = await makeUser(server.api, 'shop_owner');
    customer = await makeUser(server.api, 'customer');
    shop = await makeShop(server.api, owner);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  test('the default authentication window is 3 seconds', () => {
    expect(AUTH_TIMEOUT_MS).toBe(3000);
  });

  test('a socket that never authenticates receives nothing and is closed with 4401', async () => {
    const anonymous = await open();
    await customerSays('nobody anonymous may see this');
    expect((await anonymous.closed).code).toBe(4401);
    expect(anonymous.events).toEqual([]);
  });

  test('a socket hears only what is sent after it authenticated', async () => {
    const late = await open();
    await customerSays('before the owner signed in');
    late.send({ type: 'auth', token: owner.accessToken });
    await late.next((event) => event.type === 'authenticated');
    await customerSays('after the owner signed in');
    await late.next(messageWith('after the owner signed in'));
    expect(late.events).toEqual([
      { type: 'authenticated', userId: owner.user.id },
      { type: 'new_message', message: expect.objectContaining({ content: 'after the owner signed in' }) },
    ]);
  });

  test('a bad token is answered with an error and the socket is closed with 4401', async () => {
    const socket = await open();
    socket.send({ type: 'auth', token: 'forged.token.value' });
    expect(await socket.next((event) => event.type === 'error')).toEqual({
      type: 'error',
      message: 'Invalid or expired token',
    });
    expect((await socket.closed).code).toBe(4401);
    expect(socket.events.some((event) => event.type === 'authenticated')).toBe(false);
  });

  test('a token signed with another secret is refused the same way', async () => {
    const [header, payload] = customer.accessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`;
    await expect(connect(server.baseUrl, forged)).rejects.toThrow(/Invalid or expired token/);
  });

  test('a malformed frame is answered with an error and does not authenticate', async () => {
    const socket = await open();
    socket.send({ type: 'hello' });
    expect(await socket.next((event) => event.type === 'error')).toEqual({
      type: 'error',
      message: 'Unknown message',
    });
    // Before signing in a socket may only authenticate: it is closed at once.
    expect((await socket.closed).code).toBe(4401);
  });

  test('a message reaches both parties once and a third signed-in user’s socket not at all', async () => {
    const stranger = await makeUser(server.api, 'customer');
    const customerSocket = await open(customer.accessToken);
    const ownerSocket = await open(owner.accessToken);
    const strangerSocket = await open(stranger.accessToken);

    const sent = await customerSays('private: see you at 8');
    const [atCustomer, atOwner] = await Promise.all([
      customerSocket.next(messageWith('private: see you at 8')),
      ownerSocket.next(messageWith('private: see you at 8')),
    ]);
    expect(atCustomer).toEqual({ type: 'new_message', message: sent });
    expect(atOwner).toEqual({ type: 'new_message', message: sent });

    // The owner answers; then the stranger writes to the same shop. The stranger's socket hears its own
    // message, published after the private ones, so had those reached it they would be there already.
    await say(server.api, owner, customer.user.id, 'private: booked', shop.id);
    await say(server.api, stranger, owner.user.id, 'stranger: hello', shop.id);
    await strangerSocket.next(messageWith('stranger: hello'));
    await ownerSocket.next(messageWith('stranger: hello'));
    await customerSocket.next(messageWith('private: booked'));

    expect(receivedContents(strangerSocket)).toEqual(['stranger: hello']);
    expect(receivedContents(ownerSocket)).toEqual([
      'private: see you at 8',
      'private: booked',
      'stranger: hello',
    ]);
    // The customer is not part of the stranger's conversation; a fence message proves it would have arrived.
    await customerSays('fence');
    await customerSocket.next(messageWith('fence'));
    expect(receivedContents(customerSocket)).toEqual(['private: see you at 8', 'private: booked', 'fence']);
  });

  test('every open socket of a user receives the message, once each', async () => {
    const regular = await makeUser(server.api, 'customer');
    const phone = await open(regular.accessToken);
    const laptop = await open(regular.accessToken);
    const tablet = await open(regular.accessToken);
    const till = await open(owner.accessToken);
    const office = await open(owner.accessToken);

    await say(server.api, regular, owner.user.id, 'many devices', shop.id);
    await say(server.api, owner, regular.user.id, 'noted', shop.id);
    const everyone = [phone, laptop, tablet, till, office];
    await Promise.all(everyone.map((socket) => socket.next(messageWith('noted'))));
    for (const socket of everyone) expect(receivedContents(socket)).toEqual(['many devices', 'noted']);

    // One device goes away; the others still hear the conversation.
    laptop.close();
    await laptop.closed;
    await say(server.api, owner, regular.user.id, 'after the laptop closed', shop.id);
    await Promise.all([phone, tablet].map((socket) => socket.next(messageWith('after the laptop closed'))));
    expect(receivedContents(laptop)).toEqual(['many devices', 'noted']);
  });
});

describe('across a server restart', () => {
  // An on-disk PGlite database survives the restart, as the default `npm start` database does.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coffee-restart-'));
  const config = testConfig({ LOG_LEVEL: 'error' });
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

  test('the history is whole afterwards and a new message arrives live exactly once', async () => {
    const port = await start();
    const base = `http://127.0.0.1:${port}`;
    const api = httpClient(base);
    const owner = await makeUser(api, 'shop_owner');
    const customer = await makeUser(api, 'customer');
    const shop = await makeShop(api, owner);

    await say(api, customer, owner.user.id, 'before the restart', shop.id);
    await say(api, owner, customer.user.id, 'answered before the restart', shop.id);
    const ownerBefore = await connect(base, owner.accessToken);
    const customerBefore = await connect(base, customer.accessToken);

    // Nothing is sent while the server is down; its sockets are told it is going away.
    await stop();
    expect((await ownerBefore.closed).code).toBe(1001);
    expect((await customerBefore.closed).code).toBe(1001);

    expect(await start(port)).toBe(port);
    // The clients reconnect (spec §4) to the same address.
    const ownerAfter = await connect(base, owner.accessToken);
    const customerAfter = await connect(base, customer.accessToken);
    await say(api, customer, owner.user.id, 'after the restart', shop.id);
    await Promise.all([
      ownerAfter.next(messageWith('after the restart')),
      customerAfter.next(messageWith('after the restart')),
    ]);

    const history = await api
      .as(owner)
      .get<Message[]>(`/api/messages/${shop.id}?customerId=${customer.user.id}`);
    expect(history.body.map((message) => message.content)).toEqual([
      'before the restart',
      'answered before the restart',
      'after the restart',
    ]);
    expect((await api.as(customer).get<Message[]>(`/api/messages/${shop.id}`)).body).toEqual(history.body);

    // A later message as a fence: once it is in, any duplicate of the earlier one would be too.
    await say(api, owner, customer.user.id, 'fence', shop.id);
    await Promise.all([ownerAfter.next(messageWith('fence')), customerAfter.next(messageWith('fence'))]);
    expect(receivedContents(ownerAfter)).toEqual(['after the restart', 'fence']);
    expect(receivedContents(customerAfter)).toEqual(['after the restart', 'fence']);
    ownerAfter.close();
    customerAfter.close();
  });
});
