// Makes Node processes started from here trust the fake push service's certificate, keeping whatever extra CAs
// NODE_EXTRA_CA_CERTS already named (a proxy's, the system's): vitest.config.ts and playwright.config.ts call it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fake push service's self-signed certificate, its own CA (see tests/support/fake-push-service.ts). */
export const PUSH_SERVICE_CERT_PATH = fileURLToPath(new URL('./cert.pem', import.meta.url));

/**
 * Points process.env.NODE_EXTRA_CA_CERTS at a file holding the fake's certificate and returns that path. Node takes
 * one file and reads it only when a process starts, so this is for the processes started afterwards (test workers,
 * the e2e server). When the variable already names another file, the two are joined into one in the temp directory.
 */
export function trustFakePushService(env: NodeJS.ProcessEnv = process.env): string {
  const ours = readFileSync(PUSH_SERVICE_CERT_PATH, 'utf8').trim();
  const current = env.NODE_EXTRA_CA_CERTS;
  const theirs = current && existsSync(current) ? readFileSync(current, 'utf8').trim() : '';
  if (theirs.includes(ours)) return current!;
  if (theirs === '') {
    env.NODE_EXTRA_CA_CERTS = PUSH_SERVICE_CERT_PATH;
    return PUSH_SERVICE_CERT_PATH;
  }
  const bundle = `${theirs}\n${ours}\n`;
  const hash = createHash('sha256').update(bundle).digest('hex').slice(0, 16);
  const bundlePath = path.join(tmpdir(), `coffee-test-ca-${hash}.pem`);
  if (!existsSync(bundlePath)) {
    // Written whole, then renamed, so a process starting meanwhile never reads half a bundle.
    const partial = `${bundlePath}.${process.pid}.tmp`;
    writeFileSync(partial, bundle);
    renameSync(partial, bundlePath);
  }
  env.NODE_EXTRA_CA_CERTS = bundlePath;
  return bundlePath;
}
