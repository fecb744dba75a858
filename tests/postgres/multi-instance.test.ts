// Two app processes on one PostgreSQL database: a message sent through one reaches sockets on the other,
// through LISTEN/NOTIFY. It needs a PostgreSQL server (DATABASE_URL), so it is its own Vitest project, run by
// .ci/run's PostgreSQL pass (`npm run test:postgres`); on the embedded database there is only ever one instance.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import type { Message, ServerEvent } from '../../src/shared/api/messages.js';
import { makeShop, makeUser } from '../support/factories.js';
import { createPostgresDatabase, httpClient } from '../support/test-app.js';
import { openSocket, receivedContents } from '../support/ws-client.js';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl)
  throw new Error('The multi-instance test needs DATABASE_URL=postgres://… (see npm run test:postgres)');

/** Starts `node src/server/main.ts` on a free port and resolves with its address once it listens. */
function startInstance(databaseUrl: string): Promise<{ process: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) resolve({ process: child, base: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`instance exited early with code ${code}`)));
  });
}

describe('two instances behind a load balancer', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const instances: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(baseUrl);
    // Migrate once up front, so the two instances do not race to create the schema.
    await (await openDatabase({ databaseUrl: database.url, dataDir: 'memory' })).close();
  });
  afterAll(async () => {
    for (const child of instances) child.kill('SIGTERM');
    await Promise.all(instances.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    await database?.drop();
  });

  test('each side hears the other across instances, exactly once', async () => {
    const a = await startInstance(database.url);
    const b = await startInstance(database.url);
    instances.push(a.process, b.process);
    const apiA = httpClient(a.base);
    const apiB = httpClient(b.base);

    const owner = await makeUser(apiA, 'shop_owner');
    const customer = await makeUser(apiA, 'customer');
    const shop = await makeShop(apiA, owner);

    const customerOnA = await openSocket(a.base);
    const ownerOnB = await openSocket(b.base);
    await customerOnA.authenticate(customer.accessToken);
    await ownerOnB.authenticate(owner.accessToken);

    const arrived = (text: string) => (event: ServerEvent) =>
      event.type === 'new_message' && event.message.content === text;

    const sent = await apiA.as(customer).post<Message>('/api/messages', {
      content: 'sent through A',
      receiverId: owner.user.id,
      shopId: shop.id,
    });
    expect(sent.status).toBe(201);
    await ownerOnB.next(arrived('sent through A'));

    const reply = await apiB.as(owner).post<Message>('/api/messages', {
      content: 'answered through B',
      receiverId: customer.user.id,
      shopId: shop.id,
    });
    expect(reply.status).toBe(201);
    await customerOnA.next(arrived('answered through B'));
    await ownerOnB.next(arrived('answered through B'));

    expect(receivedContents(customerOnA)).toEqual(['sent through A', 'answered through B']);
    expect(receivedContents(ownerOnB)).toEqual(['sent through A', 'answered through B']);

    // The listening connections drop (a database restart, a network blip): each instance reconnects, tells
    // its sockets to refetch what they may have missed, and live delivery goes on.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
    );
    await admin.end();
    expect(killed.rowCount).toBe(2);
    await customerOnA.next((event) => event.type === 'resync', 10_000);
    await ownerOnB.next((event) => event.type === 'resync', 10_000);

    await apiA.as(customer).post<Message>('/api/messages', {
      content: 'after the blip',
      receiverId: owner.user.id,
      shopId: shop.id,
    });
    await ownerOnB.next(arrived('after the blip'));
    expect(receivedContents(ownerOnB)).toEqual(['sent through A', 'answered through B', 'after the blip']);
    customerOnA.close();
    ownerOnB.close();
  });
});
