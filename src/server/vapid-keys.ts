// The key pair Web Push messages are signed with (VAPID, RFC 8292; issue 27).
import webpush from 'web-push';
import type { Config } from './config.js';
import { keptInDataDir } from './kept-file.js';

/** The kept pair's file name inside DATA_DIR. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set. Otherwise, on the embedded database, a pair made on first
 * start and kept in DATA_DIR, so `npm start` has push with no setup. On PostgreSQL without keys: undefined, push is
 * off (instances sharing a database must sign with one pair, so it is given, never made here; browsers subscribed
 * with one public key cannot be reached with another).
 */
export async function resolveVapidKeys(
  config: Pick<Config, 'vapidKeys' | 'databaseUrl' | 'dataDir'>,
): Promise<Config['vapidKeys']> {
  if (config.vapidKeys) return config.vapidKeys;
  if (config.databaseUrl) return undefined;
  const kept = await keptInDataDir(config.dataDir, VAPID_KEYS_FILE, () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const parsed = JSON.parse(kept) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
    throw new Error(
      `${config.dataDir}/${VAPID_KEYS_FILE} must hold {publicKey, privateKey} (or set VAPID_* keys)`,
    );
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
