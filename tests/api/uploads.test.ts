// Photo uploads over real HTTP (issue 13 item 1): who may upload, what counts as an image (decoded, not named),
// the 5 MB limit, the WebP copies at 1600 and 400 px without EXIF, and how they are served and cached.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coffeeShops, menuItems } from '../../src/server/db/schema.js';
import type { AuthResponse } from '../../src/shared/api/auth.js';
import { thumbnailUrl } from '../../src/shared/api/uploads.js';
import { makeMenuItem, makeShop, makeUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let server: TestApp;
let owner: AuthResponse;
let customer: AuthResponse;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'coffee-uploads-'));
  server = await startTestApp({ env: { UPLOADS_DIR: uploadsDir } });
  owner = await makeUser(server.api, 'shop_owner');
  customer = await makeUser(server.api, 'customer');
});
afterAll(async () => {
  await server?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const storedFiles = () => readdirSync(uploadsDir).sort();

/** A phone-like JPEG: noisy pixels (so it is not tiny) and an EXIF block with a GPS position. */
async function phonePhoto(width: number, height: number) {
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 55/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 25/1 0/1',
      },
    })
    .toBuffer();
}

async function upload(
  file: Buffer,
  options: { token?: string; filename?: string; type?: string; field?: string } = {},
) {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(file)], { type: options.type ?? 'image/jpeg' }),
    options.filename ?? 'photo.jpg',
  );
  const response = await fetch(`${server.baseUrl}/api/uploads`, {
    method: 'POST',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { url?: string; message?: string } };
}

describe('who may upload', () => {
  test('a visitor is asked to sign in (401) and nothing is stored', async () => {
    const before = storedFiles();
    const reply = await upload(await phonePhoto(40, 30));
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('Please sign in to continue');
    expect(storedFiles()).toEqual(before);
  });

  test('a customer is refused (403) and nothing is stored', async () => {
    const before = storedFiles();
    const reply = await upload(await phonePhoto(40, 30), { token: customer.accessToken });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('Only shop owners can do this');
    expect(storedFiles()).toEqual(before);
  });
});

describe('what counts as a photo', () => {
  test('a text file called .png with an image content type is refused (400) and nothing is stored', async () => {
    const before = storedFiles();
    const reply = await upload(Buffer.from('not a picture at all, just words\n'.repeat(20)), {
      token: owner.accessToken,
      filename: 'menu.png',
      type: 'image/png',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('file must be a JPEG, PNG or WebP image');
    expect(storedFiles()).toEqual(before);
  });

  test('an image in another format (GIF) is refused (400) and nothing is stored', async () => {
    const before = storedFiles();
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#7a4a2a' } })
      .gif()
      .toBuffer();
    const reply = await upload(gif, { token: owner.accessToken, filename: 'cup.gif', type: 'image/gif' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('file must be a JPEG, PNG or WebP image');
    expect(storedFiles()).toEqual(before);
  });

  test('a body without the file field is refused (400) and nothing is stored', async () => {
    const before = storedFiles();
    const reply = await upload(await phonePhoto(40, 30), { token: owner.accessToken, field: 'photo' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/file/);
    expect(storedFiles()).toEqual(before);
  });

  test('a file over 5 MB is refused (413) with a message and nothing is stored', async () => {
    const before = storedFiles();
    const big = Buffer.concat([await phonePhoto(40, 30), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const reply = await upload(big, { token: owner.accessToken });
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe('file must be at most 5 MB');
    expect(storedFiles()).toEqual(before);
  });
});

describe('an accepted photo', () => {
  test('a large JPEG becomes a 1600 px WebP and a 400 px thumbnail, both without EXIF, served for a year', async () => {
    const before = storedFiles();
    const original = await phonePhoto(2400, 1600);
    expect((await sharp(original).metadata()).exif).toBeDefined(); // the fixture does carry a GPS position

    const reply = await upload(original, { token: owner.accessToken });
    expect(reply.status).toBe(201);
    expect(reply.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const url = reply.body.url as string;
    expect(storedFiles()).toEqual([...before, path.basename(url), path.basename(thumbnailUrl(url))].sort());

    const full = await fetch(server.baseUrl + url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const fullMeta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect(fullMeta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(fullMeta.exif).toBeUndefined();

    const thumbnail = await fetch(server.baseUrl + thumbnailUrl(url));
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const thumbnailMeta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(thumbnailMeta).toMatchObject({ format: 'webp', width: 400, height: 267 });
    expect(thumbnailMeta.exif).toBeUndefined();
  });

  test('a small PNG keeps its size (never enlarged) and is stored as WebP under a fresh random name', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#c8a27a' } })
      .png()
      .toBuffer();
    const first = await upload(png, { token: owner.accessToken, filename: 'logo.png', type: 'image/png' });
    const second = await upload(png, { token: owner.accessToken, filename: 'logo.png', type: 'image/png' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.body.url).not.toBe(second.body.url);
    const served = await fetch(server.baseUrl + first.body.url);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 200,
    });
    expect(storedFiles()).toContain(path.basename(first.body.url as string));
  });

  test('a WebP named .jpg is accepted: the decoder, not the name, decides', async () => {
    const webp = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#3b2416' } })
      .webp()
      .toBuffer();
    const reply = await upload(webp, {
      token: owner.accessToken,
      filename: 'odd-name.jpg',
      type: 'image/jpeg',
    });
    expect(reply.status).toBe(201);
    expect(storedFiles()).toContain(path.basename(thumbnailUrl(reply.body.url as string)));
  });

  test('a name this service did not make, or one that tries to climb out of the folder, is not found', async () => {
    for (const name of ['/uploads/missing.webp', `/uploads/${'a'.repeat(32)}.webp`, '/uploads/..%2Fpglite']) {
      const reply = await fetch(server.baseUrl + name);
      expect(reply.status).toBe(404);
      expect(await reply.json()).toEqual({ message: 'Photo not found' });
    }
  });
});

describe('using an uploaded photo', () => {
  test('its URL is accepted as a shop’s and a menu item’s imageUrl and stored as it is', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6f4e37' } })
      .png()
      .toBuffer();
    const { body } = await upload(png, { token: owner.accessToken, type: 'image/png' });
    const url = body.url as string;
    const shop = await makeShop(server.api, owner, { imageUrl: url });
    expect(shop.imageUrl).toBe(url);
    const item = await makeMenuItem(server.api, owner, shop, { imageUrl: url });
    expect(item.imageUrl).toBe(url);
    const [storedShop] = await server.database.db
      .select()
      .from(coffeeShops)
      .where(eq(coffeeShops.id, shop.id));
    const [storedItem] = await server.database.db.select().from(menuItems).where(eq(menuItems.id, item.id));
    expect(storedShop?.imageUrl).toBe(url);
    expect(storedItem?.imageUrl).toBe(url);
  });

  test('a path that only looks like an upload is refused as imageUrl and no shop is made', async () => {
    const before = await server.database.db.select().from(coffeeShops);
    const reply = await server.api.as(owner).post<{ message: string }>('/api/coffee-shops', {
      name: 'Sneaky Beans',
      category: 'artisan',
      address: '1 Main Rd, Durban',
      imageUrl: '/uploads/../../etc/passwd.webp',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/imageUrl/);
    expect(await server.database.db.select().from(coffeeShops)).toEqual(before);
  });
});
