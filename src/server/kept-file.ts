// A secret made on first start and kept in DATA_DIR (the embedded database's default): the JWT key, the VAPID keys.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The text kept in dataDir/name, made by `make` on first start, readable by this user only (0600). Written whole
 * to a file of its own, then linked to the kept name, which fails with EEXIST when the name is taken: of two
 * starts racing, one text wins and the loser reads it complete (a 'wx' open of the kept name itself would let the
 * loser read it between its creation and its content).
 */
export async function keptInDataDir(dataDir: string, name: string, make: () => string): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  const made = make();
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
  return (await readFile(file, 'utf8')).trim();
}
