// The key that signs access tokens: JWT_SECRET when given, else one made on first start and kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';

/** The kept key's file name inside DATA_DIR. */
export const JWT_SECRET_FILE = 'jwt-secret';
const MIN_SECRET_LENGTH = 32;

/**
 * JWT_SECRET when set. Otherwise (the embedded database: config refuses DATABASE_URL without JWT_SECRET) the key
 * kept in DATA_DIR/jwt-secret, made on first start: 48 random bytes, readable by this user only (0600). No key
 * comes from the source (CONVENTIONS rule 23, docs/decisions/0005-jwt-secret.md).
 */
export async function resolveJwtSecret(
  config: Pick<Config, 'jwtSecret' | 'databaseUrl' | 'dataDir'>,
): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.databaseUrl) throw new Error('Invalid configuration: JWT_SECRET is required with DATABASE_URL');
  await mkdir(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  const made = randomBytes(48).toString('base64url');
  // Written whole to a file of its own, then linked to the kept name, which fails with EEXIST when the name is
  // taken: of two starts racing, one key wins and the loser reads it complete (a 'wx' open of the kept name
  // itself would let the loser read it between its creation and its content).
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, made, { flag: 'wx', mode: 0o600 });
  try {
    await link(draft, file);
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  const kept = (await readFile(file, 'utf8')).trim();
  if (kept.length < MIN_SECRET_LENGTH) {
    throw new Error(`${file} must hold at least ${MIN_SECRET_LENGTH} characters (or set JWT_SECRET)`);
  }
  return kept;
}
