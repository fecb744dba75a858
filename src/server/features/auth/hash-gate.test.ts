// Unit tests of the hash gate with work the test finishes itself, so what runs, waits and is refused does not
// depend on how fast this machine hashes.
import { expect, test } from 'vitest';
import type { HttpError } from '../../http-error.js';
import { HashGate } from './hash-gate.js';

/** Work that ends when the test says so. */
function heldWork() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  return {
    work: async () => {
      started = true;
      await done;
      return 'checked';
    },
    finish,
    started: () => started,
  };
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected a refusal');
}

test('one address gets two at once, running or waiting; the third is refused with 429 and Retry-After 1', async () => {
  const gate = new HashGate({ running: 1, waiting: 4, perAddress: 2 });
  const first = heldWork();
  const second = heldWork();
  const running = gate.run('198.51.100.1', first.work);
  const waiting = gate.run('198.51.100.1', second.work);
  expect(first.started()).toBe(true);
  expect(second.started()).toBe(false);
  expect(gate.load()).toEqual({ running: 1, waiting: 1 });

  const third = await refusal(gate.run('198.51.100.1', async () => 'never'));
  expect(third.statusCode).toBe(429);
  expect(third.retryAfterSeconds).toBe(1);

  // Another address still gets in line.
  const other = heldWork();
  const otherRun = gate.run('198.51.100.2', other.work);
  expect(gate.load()).toEqual({ running: 1, waiting: 2 });

  first.finish();
  await expect(running).resolves.toBe('checked');
  second.finish();
  await expect(waiting).resolves.toBe('checked');
  other.finish();
  await expect(otherRun).resolves.toBe('checked');
  expect(gate.load()).toEqual({ running: 0, waiting: 0 });

  // Its share is back once its work ended.
  await expect(gate.run('198.51.100.1', async () => 'again')).resolves.toBe('again');
});

test('past the queue everyone is refused with 503; a failing hash frees its slot for the next in line', async () => {
  const gate = new HashGate({ running: 1, waiting: 1, perAddress: 2 });
  const first = heldWork();
  const failing = gate.run('a', async () => {
    await first.work();
    throw new Error('argon2 failed');
  });
  const second = heldWork();
  const queued = gate.run('b', second.work);

  const busy = await refusal(gate.run('c', async () => 'never'));
  expect(busy.statusCode).toBe(503);
  expect(busy.message).toBe('The server is busy. Please try again in a moment.');

  first.finish();
  await expect(failing).rejects.toThrow('argon2 failed');
  second.finish();
  await expect(queued).resolves.toBe('checked');
  expect(gate.load()).toEqual({ running: 0, waiting: 0 });
});

test('registrations (no address) take no per-address share', async () => {
  const gate = new HashGate({ running: 1, waiting: 8, perAddress: 1 });
  const held = Array.from({ length: 3 }, () => heldWork());
  const runs = held.map((one) => gate.run(null, one.work));
  expect(gate.load()).toEqual({ running: 1, waiting: 2 });
  for (const one of held) one.finish();
  await expect(Promise.all(runs)).resolves.toEqual(['checked', 'checked', 'checked']);
});
