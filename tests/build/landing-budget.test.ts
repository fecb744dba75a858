// The landing page's JavaScript budget: what a phone downloads before the first page shows must stay small
// (issue: fast on a phone). Reads the built client (run after `vite build`), not a timer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';

const clientDir = path.resolve(import.meta.dirname, '../../dist/client');
const LANDING_BUDGET_BYTES = 100 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The entry's file and every chunk it imports statically: what loads before the landing page renders. */
function landingScripts(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The build has no entry: run vite build first');
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...files].filter((file) => file.endsWith('.js'));
}

test('the landing page loads at most 100 KB of compressed JavaScript', () => {
  const scripts = landingScripts();
  const sizes = scripts.map((file) => {
    const content = readFileSync(path.join(clientDir, file));
    return {
      file,
      raw: content.length,
      brotli: brotliCompressSync(content).length,
      gzip: gzipSync(content).length,
    };
  });
  const total = (key: 'raw' | 'brotli' | 'gzip') => sizes.reduce((sum, size) => sum + size[key], 0);
  console.info(
    `landing JavaScript: ${scripts.length} file(s), ${(total('raw') / 1024).toFixed(1)} KB raw, ` +
      `${(total('brotli') / 1024).toFixed(1)} KB brotli, ${(total('gzip') / 1024).toFixed(1)} KB gzip`,
  );
  // Brotli is what every current browser gets (the server sends the build's .br copy).
  expect(total('brotli')).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
});

test('the first script carries no validation library: zod loads only with the pages that use it', () => {
  for (const file of landingScripts()) {
    // 'invalid_type' is one of zod's issue codes, kept as text through minification.
    expect(readFileSync(path.join(clientDir, file), 'utf8')).not.toContain('invalid_type');
  }
});

test('Discover and the shop page load no validation library either (Lighthouse measures them too)', () => {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  for (const page of ['pages/DiscoverPage.tsx', 'pages/ShopPage.tsx']) {
    const key = Object.keys(manifest).find((name) => name.endsWith(page));
    expect(key, page).toBeDefined();
    const files = new Set<string>();
    const visit = (name: string) => {
      const chunk = manifest[name]!;
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key!);
    for (const file of files) {
      expect(readFileSync(path.join(clientDir, file), 'utf8'), `${page}: ${file}`).not.toContain(
        'invalid_type',
      );
    }
  }
});
