// The key that signs access tokens: JWT_SECRET when given, else one made on first start and kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from './config.js';
import { keptInDataDir } from './kept-file.js';

/** The kept key's file name inside DATA_DIR. */
export const JWT_SECRET_FILE = 'jwt-secret';
const MIN_SECRET_LENGTH = 32;

/**
 * JWT_SECRET when set. Otherwise (the embedded database: config refuses DATABASE_URL without JWT_SECRET) the key
 * kept in DATA_DIR/jwt-secret, made on first start: 48 random bytes. No key comes from the source (CONVENTIONS
 * rule 23, docs/decisions/0005-jwt-secret.md).
 */
export async function resolveJwtSecret(
  config: Pick<Config, 'jwtSecret' | 'databaseUrl' | 'dataDir'>,
): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.databaseUrl) throw new Error('Invalid configuration: JWT_SECRET is required with DATABASE_URL');
  const kept = await keptInDataDir(config.dataDir, JWT_SECRET_FILE, () =>
    randomBytes(48).toString('base64url'),
  );
  if (kept.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${path.join(config.dataDir, JWT_SECRET_FILE)} must hold at least ${MIN_SECRET_LENGTH} characters (or set JWT_SECRET)`,
    );
  }
  return kept;
}
