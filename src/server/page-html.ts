// The app's one HTML page (dist/client/index.html), sent for every route of the single-page app, with the route's
// page script named in <link rel="modulepreload"> tags. Without them a phone downloads the entry script, runs it,
// and only then learns which page chunk it needs: one more round trip on mobile data before the page can paint
// (the shop page's largest paint waited for entry → chunk → data, one after the other). With them the page's chunk
// arrives with the entry script. Each variant is built once at start, with its brotli and gzip copies.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** A shop page, whose data request starts before the app's scripts (public/early-data.js) have arrived. */
const SHOP_PAGE = /^\/shops\/\d{1,10}\/?$/;
const EARLY_DATA = '<script async src="/early-data.js"></script>';

const DISCOVER_PAGE = /^\/discover\/?$/;
const FAVORITES_PAGE = /^\/favorites\/?$/;
/** Pages that start something in early-data.js: the shop's request, or (shop cards) the time-zone warm-up. */
const EARLY_DATA_PAGES = new Set([SHOP_PAGE, DISCOVER_PAGE, FAVORITES_PAGE]);

/** Routes whose page module is worth announcing early, and the module (a key of Vite's build manifest). */
const PAGE_MODULES: [pattern: RegExp, module: string][] = [
  [SHOP_PAGE, 'pages/ShopPage.tsx'],
  [DISCOVER_PAGE, 'pages/DiscoverPage.tsx'],
  [/^\/orders\/?$/, 'pages/OrdersPage.tsx'],
  [FAVORITES_PAGE, 'pages/FavoritesPage.tsx'],
  [/^\/messages\/?$/, 'pages/MessagesPage.tsx'],
  [/^\/dashboard\/?$/, 'pages/DashboardPage.tsx'],
  [/^\/login\/?$/, 'pages/LoginPage.tsx'],
  [/^\/register\/?$/, 'pages/RegisterPage.tsx'],
  [/^\/settings\/?$/, 'pages/SettingsPage.tsx'],
];

type ManifestEntry = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestEntry>;

/** One variant of the page, as sent: the text and its precompressed copies. */
export interface PageVariant {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The files a module pulls in statically, itself first; those the entry already loads are left out. */
function chunkFiles(manifest: Manifest, module: string, skip: Set<string>): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || skip.has(key)) return;
    skip.add(key);
    files.push(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit(module);
  return files;
}

function variant(html: string): PageVariant {
  const text = Buffer.from(html);
  return { html: text, br: brotliCompressSync(text), gzip: gzipSync(text) };
}

/**
 * Reads the built page and manifest; returns the variant for a path (null when there is no build, as in API
 * tests). Paths without a page module get the page as built.
 */
export function loadPageHtml(clientDir: string): ((pathname: string) => PageVariant) | null {
  const indexFile = path.join(clientDir, 'index.html');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, 'utf8');
  const plain = variant(html);
  if (!existsSync(manifestFile)) return () => plain;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  // The entry and what it imports are in the page already (its script tag and Vite's own modulepreloads).
  const entry = new Set<string>();
  chunkFiles(manifest, 'index.html', entry);
  const variants = PAGE_MODULES.map(([pattern, module]) => {
    const links = chunkFiles(manifest, module, new Set(entry))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    // The early request first in the head, so it is asked for (and run) before the app's scripts.
    let page = html.replace('</head>', `${links}</head>`);
    if (EARLY_DATA_PAGES.has(pattern)) page = page.replace('<head>', `<head>${EARLY_DATA}`);
    return [pattern, page === html ? plain : variant(page)] as const;
  });
  return (pathname) => variants.find(([pattern]) => pattern.test(pathname))?.[1] ?? plain;
}
