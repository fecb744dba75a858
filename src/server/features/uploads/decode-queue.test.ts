// The decoding queue's limits: one at a time, a capped waiting line (503), an owner's share (429), each with Retry-After.
import { expect, test } from 'vitest';
import { HttpError } from '../../http-error.js';
import { createDecodeQueue } from './decode-queue.js';

/** A decode that runs until told to finish. */
function heldDecode() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      started = true;
      await done;
      return 'decoded';
    },
    finish: () => finish(),
    hasStarted: () => started,
  };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

test('decodes run one at a time, the rest in line in the order they came', async () => {
  const queue = createDecodeQueue({ running: 1, waiting: 4, perKey: 2 });
  const first = heldDecode();
  const second = heldDecode();
  const firstResult = queue.run('1', first.work);
  const secondResult = queue.run('2', second.work);
  await Promise.resolve();
  expect(first.hasStarted()).toBe(true);
  expect(second.hasStarted()).toBe(false);
  expect(queue.load()).toEqual({ running: 1, waiting: 1 });

  first.finish();
  expect(await firstResult).toBe('decoded');
  expect(second.hasStarted()).toBe(true);
  second.finish();
  expect(await secondResult).toBe('decoded');
  expect(queue.load()).toEqual({ running: 0, waiting: 0 });
});

test('a full waiting line refuses at once with 503 and Retry-After, and takes uploads again once it moves', async () => {
  const queue = createDecodeQueue({ running: 1, waiting: 2, perKey: 2 });
  const held = [heldDecode(), heldDecode(), heldDecode()];
  const results = held.map((decode, index) => queue.run(String(index), decode.work));

  const refused = await refusal(queue.run('9', async () => 'never'));
  expect(refused.statusCode).toBe(503);
  expect(refused.message).toBe('Many photos are being processed. Please try again in a moment.');
  expect(refused.retryAfterSeconds).toBeGreaterThan(0);

  held[0]!.finish();
  await results[0];
  const later = queue.run('9', async () => 'decoded later');
  for (const decode of held.slice(1)) decode.finish();
  expect(await later).toBe('decoded later');
});

test('an owner with two uploads running or waiting is refused a third (429); other owners are not', async () => {
  const queue = createDecodeQueue({ running: 1, waiting: 4, perKey: 2 });
  const held = [heldDecode(), heldDecode()];
  const results = held.map((decode) => queue.run('7', decode.work));

  const refused = await refusal(queue.run('7', async () => 'never'));
  expect(refused.statusCode).toBe(429);
  expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  const other = queue.run('8', async () => 'decoded');

  for (const decode of held) decode.finish();
  await Promise.all(results);
  expect(await other).toBe('decoded');
  // Its share is back once its uploads are done.
  expect(await queue.run('7', async () => 'again')).toBe('again');
});

test('a decode that fails frees its place for the next', async () => {
  const queue = createDecodeQueue({ running: 1, waiting: 1, perKey: 1 });
  const failing = queue.run('1', async () => {
    throw new Error('corrupt');
  });
  const next = queue.run('2', async () => 'decoded');
  await expect(failing).rejects.toThrow('corrupt');
  expect(await next).toBe('decoded');
  expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  expect(await queue.run('1', async () => 'again')).toBe('again');
});
