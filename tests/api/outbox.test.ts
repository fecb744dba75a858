// The outbox (CONVENTIONS rule 20) against a real database: work enqueued is done once, a failure is retried
// with backoff and given up after MAX_ATTEMPTS, and a row being done by one worker is not taken by another.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { outbox } from '../../src/server/db/schema.js';
import { enqueue, MAX_ATTEMPTS, startOutboxWorker } from '../../src/server/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
  // Only this file's workers take rows: the app's own would race them with its (log) mailer.
  server.app.deps.outbox.stop();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const log = () => server.app.log;

test('enqueued work is done once and marked done; a rolled-back change enqueues nothing', async () => {
  const sent: unknown[] = [];
  const worker = startOutboxWorker(
    db(),
    { receipt_mail: async (payload) => void sent.push(payload) },
    log(),
    60_000,
  );
  await enqueue(db(), 'receipt_mail', { to: 'a@example.co.za', subject: 'one', text: '1' });
  await db()
    .transaction(async (tx) => {
      await enqueue(tx, 'receipt_mail', { to: 'b@example.co.za', subject: 'rolled back', text: '2' });
      throw new Error('roll back');
    })
    .catch(() => {});
  expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
  expect(await worker.runOnce()).toBe(0);
  worker.stop();
  expect(sent.filter((payload) => (payload as { subject: string }).subject === 'one')).toHaveLength(1);
  expect(sent.some((payload) => (payload as { subject: string }).subject === 'rolled back')).toBe(false);
});

test('a failing job is retried later, not at once, and given up after the last attempt', async () => {
  let calls = 0;
  const worker = startOutboxWorker(
    db(),
    {
      receipt_mail: async () => {
        calls += 1;
        throw new Error('SMTP said no');
      },
    },
    log(),
    60_000,
  );
  await db().delete(outbox);
  await enqueue(db(), 'receipt_mail', { to: 'c@example.co.za', subject: 'never', text: '3' });
  await worker.runOnce();
  const [first] = await db().select().from(outbox);
  expect(first).toMatchObject({ attempts: 1, lastError: 'SMTP said no', doneAt: null });
  expect(first!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(10_000);
  await worker.runOnce();
  expect(calls).toBe(1);
  for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
    await db()
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, first!.id));
    await worker.runOnce();
  }
  const [last] = await db().select().from(outbox);
  expect(calls).toBe(MAX_ATTEMPTS);
  expect(last!.attempts).toBe(MAX_ATTEMPTS);
  expect(last!.doneAt).not.toBeNull();
  worker.stop();
});
