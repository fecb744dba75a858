// Uploads as a denial of service (issue 33, defect 4): a decompression bomb is refused from its header, decodes run
// one at a time whoever uploads, an owner's uploads are limited per hour, and photos nobody uses are swept.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { sweepOrphanUploads } from '../../src/server/features/uploads/orphan-sweep.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import { thumbnailUrl, UPLOADS_PER_HOUR } from '../../src/shared/api/uploads.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { interlacedPngBomb } from '../support/png-bomb.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let uploadsDir: string;
/** The bomb's size: an interlaced PNG of 6300 × 6300 (39.7 megapixels), here in 5 KB. */
const bomb = interlacedPngBomb(6300, 6300);

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'coffee-uploads-abuse-'));
  server = await startTestApp({ env: { UPLOADS_DIR: uploadsDir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const storedFiles = () => readdirSync(uploadsDir).sort();

/** A small photo, quick to decode: the limits are about how many, not how big. */
const smallPhoto = (colour = '#c8a27a') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function upload(file: Buffer, token: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'photo.png');
  const response = await fetch(`${server.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { url?: string; message?: string },
  };
}

/** Counts sharp's decodes and encodes (every pipeline ends in toBuffer) and the most that ran at once. */
function watchDecodes() {
  const original = sharp.prototype.toBuffer as (this: Sharp, ...args: unknown[]) => Promise<Buffer>;
  const seen = { calls: 0, running: 0, peak: 0 };
  function counted(this: Sharp, ...args: unknown[]) {
    seen.calls += 1;
    seen.running += 1;
    seen.peak = Math.max(seen.peak, seen.running);
    const result = original.apply(this, args);
    const done = () => {
      seen.running -= 1;
    };
    result.then(done, done);
    return result;
  }
  vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(counted as never);
  return seen;
}

describe('a decompression bomb', () => {
  test('an interlaced 6300 × 6300 PNG is refused (400) from its header: nothing decoded, nothing stored', async () => {
    const owner = await makeUser(server.api, 'shop_owner');
    // The fixture is what the issue describes: interlaced, under the old 40-megapixel guard.
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 6300, height: 6300, isProgressive: true });
    const before = storedFiles();
    const decodes = watchDecodes();
    const started = performance.now();
    const reply = await upload(bomb, owner.accessToken);
    const elapsed = performance.now() - started;
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('photo must be at most 24 megapixels (for example 6000 × 4000)');
    expect(decodes.calls).toBe(0);
    // The header alone is read: milliseconds (decoding it cost 2-5 s of CPU before), with room for a busy machine.
    expect(elapsed).toBeLessThan(2000);
    expect(storedFiles()).toEqual(before);
  });
});

describe('the decoding queue', () => {
  test('four uploads at once from two owners are all stored, decoded one at a time', async () => {
    const owners = [await makeUser(server.api, 'shop_owner'), await makeUser(server.api, 'shop_owner')];
    const photos = await Promise.all(['#111111', '#333333', '#555555', '#777777'].map(smallPhoto));
    const decodes = watchDecodes();
    const replies = await Promise.all(
      photos.map((photo, index) => upload(photo, owners[index % 2]!.accessToken)),
    );
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
    // Each photo is one decode to 1600 px and one small encode of the thumbnail from it, never side by side.
    expect(decodes.calls).toBe(8);
    expect(decodes.peak).toBe(1);
  });
});

describe('uploads per owner and hour', () => {
  test(`the ${UPLOADS_PER_HOUR + 1}st upload in an hour is refused (429) for that owner only`, async () => {
    const [busy, other] = [
      await makeUser(server.api, 'shop_owner'),
      await makeUser(server.api, 'shop_owner'),
    ];
    const photo = await smallPhoto();
    for (let index = 0; index < UPLOADS_PER_HOUR; index += 1) {
      expect((await upload(photo, busy.accessToken)).status).toBe(201);
    }
    const files = storedFiles();
    const refused = await upload(photo, busy.accessToken);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/rate limit/i);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(storedFiles()).toEqual(files);
    // Counted per owner, not per address: another owner on the same machine still uploads.
    expect((await upload(photo, other.accessToken)).status).toBe(201);
  });
});

describe('photos nobody uses', () => {
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  const filesOf = (url: string) => [path.basename(url), path.basename(thumbnailUrl(url))];
  const age = (url: string) => {
    for (const file of filesOf(url)) utimesSync(path.join(uploadsDir, file), twoDaysAgo, twoDaysAgo);
  };

  test('a day after upload, a photo no shop or item refers to is deleted; used and young ones stay', async () => {
    const owner: AuthResponse = await makeUser(server.api, 'shop_owner');
    // One after another: an owner's share of the decoding queue is two at a time.
    const urls: string[] = [];
    for (const colour of ['#402010', '#204010', '#102040', '#404040']) {
      const reply = await upload(await smallPhoto(colour), owner.accessToken);
      expect(reply.status).toBe(201);
      urls.push(reply.body.url as string);
    }
    const [shopPhoto, itemPhoto, unused, young] = urls as [string, string, string, string];
    const shop = await makeShop(server.api, owner, { imageUrl: shopPhoto });
    // An item may refer to the thumbnail's path: that keeps the photo too.
    await makeMenuItem(server.api, owner, shop, { imageUrl: thumbnailUrl(itemPhoto) });
    for (const url of [shopPhoto, itemPhoto, unused]) age(url);
    const stray = path.join(uploadsDir, 'notes.txt');
    writeFileSync(stray, 'not a photo');
    utimesSync(stray, twoDaysAgo, twoDaysAgo);

    const deleted = await sweepOrphanUploads(server.database.db, uploadsDir);

    expect(deleted).toBe(2);
    const left = storedFiles();
    for (const file of filesOf(unused)) expect(left).not.toContain(file);
    for (const url of [shopPhoto, itemPhoto, young])
      for (const file of filesOf(url)) expect(left).toContain(file);
    expect(left).toContain('notes.txt');
    // A second sweep (or another instance's at the same time) finds nothing more to do.
    expect(await sweepOrphanUploads(server.database.db, uploadsDir)).toBe(0);
  });
});
