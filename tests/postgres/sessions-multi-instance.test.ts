// Sessions ended on one instance end on the other too (issue 28): two app processes on one PostgreSQL database; a
// sign-out through A refuses the token on B at once, and its socket on B is closed within 5 s (LISTEN/NOTIFY).
// Needs DATABASE_URL (npm run test:postgres).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import { makeUser } from '../support/factories.js';
import { type Instance, startInstances, stopInstance } from '../support/server-process.js';
import { createPostgresDatabase } from '../support/test-app.js';
import { connect } from '../support/ws-client.js';

const postgresUrl = process.env.DATABASE_URL;
if (!postgresUrl)
  throw new Error('The sessions test needs DATABASE_URL=postgres://… (npm run test:postgres)');

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
const instances: Instance[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase(postgresUrl);
  await (await openDatabase({ databaseUrl: database.url, dataDir: 'memory' })).close();
  instances.push(...(await startInstances(database.url, 2)));
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => stopInstance(instance.child)));
  await database?.drop();
});

test('signed out through A: refused on B, and the socket on B closed within 5 s', async () => {
  const [a, b] = instances as [Instance, Instance];
  const user = await makeUser(a.api);
  const second = (
    await a.api.post<AuthResponse>('/api/auth/login', { email: user.user.email, password: 'flatwhite1' })
  ).body;
  const socketOnB = await connect(b.base, user.accessToken);
  const otherOnB = await connect(b.base, second.accessToken);
  try {
    expect((await b.api.as(user).get('/api/auth/me')).status).toBe(200);
    const started = Date.now();
    expect((await a.api.as(user).post('/api/auth/logout')).status).toBe(204);
    expect((await b.api.as(user).get('/api/auth/me')).status).toBe(401);
    expect((await socketOnB.closed).code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The other session on B is untouched, until 'sign out everywhere else' from a third.
    expect((await b.api.as(second).get('/api/auth/me')).status).toBe(200);
    const third = (
      await b.api.post<AuthResponse>('/api/auth/login', { email: user.user.email, password: 'flatwhite1' })
    ).body;
    expect((await b.api.as(third).post('/api/auth/logout-others')).status).toBe(204);
    expect((await otherOnB.closed).code).toBe(4401);
    expect((await a.api.as(second).get('/api/auth/me')).status).toBe(401);
    expect((await a.api.as(third).get('/api/auth/me')).status).toBe(200);
  } finally {
    socketOnB.close();
    otherOnB.close();
  }
});
