// Unit tests of the token key's resolution: JWT_SECRET first, else a key made once and kept in DATA_DIR, 0600.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret.js';

const folders: string[] = [];
function dataDir() {
  const folder = mkdtempSync(path.join(tmpdir(), 'jwt-secret-'));
  folders.push(folder);
  return path.join(folder, 'data'); // not there yet, as on a first `npm start`
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const embedded = (dir: string) => ({ jwtSecret: undefined, databaseUrl: undefined, dataDir: dir });

test('makes a random key on first start, keeps it readable by its owner only, and returns it again later', async () => {
  const dir = dataDir();
  const first = await resolveJwtSecret(embedded(dir));
  const file = path.join(dir, JWT_SECRET_FILE);
  expect(first).toMatch(/^[\w-]{64}$/); // 48 random bytes, base64url
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readFileSync(file, 'utf8')).toBe(first);
  expect(await resolveJwtSecret(embedded(dir))).toBe(first);
  expect(await resolveJwtSecret(embedded(dataDir()))).not.toBe(first);
});

test('starts racing on one folder all get the one key that was kept', async () => {
  const dir = dataDir();
  const keys = await Promise.all(Array.from({ length: 8 }, () => resolveJwtSecret(embedded(dir))));
  expect(new Set(keys).size).toBe(1);
  expect(readFileSync(path.join(dir, JWT_SECRET_FILE), 'utf8')).toBe(keys[0]);
});

test('JWT_SECRET wins and nothing is written', async () => {
  const dir = dataDir();
  expect(await resolveJwtSecret({ ...embedded(dir), jwtSecret: 's'.repeat(32) })).toBe('s'.repeat(32));
  expect(() => statSync(dir)).toThrow();
});

test('PostgreSQL without JWT_SECRET is refused, naming it', async () => {
  await expect(
    resolveJwtSecret({ ...embedded(dataDir()), databaseUrl: 'postgres://x@localhost/db' }),
  ).rejects.toThrow(/JWT_SECRET/);
});

test('a kept file too short to be a key is refused rather than signed with', async () => {
  const dir = dataDir();
  await resolveJwtSecret(embedded(dir));
  writeFileSync(path.join(dir, JWT_SECRET_FILE), 'short\n');
  await expect(resolveJwtSecret(embedded(dir))).rejects.toThrow(/at least 32 characters/);
});
