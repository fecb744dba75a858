// Builds the React client from src/client into dist/client, with brotli and gzip copies of every text file beside
// it (the server sends those as they are: compression costs nothing per request), the web app manifest and the
// service worker (src/client/sw.ts, issue 27); in dev, proxies /api and /ws.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type LogLevel, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Writes name.br and name.gz beside each built script, style, SVG, JSON and HTML file worth compressing. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, and one after another: the service worker (vite-plugin-pwa, also at closeBundle) is written by then.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const file = path.join(dir, name);
            return statSync(file).isDirectory() ? walk(file) : [file];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|css|svg|json|html)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`))
            continue;
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

const serverPort = Number(process.env.PORT ?? 5000);

/** The brand's darkest espresso (styles.css --color-espresso-900), as index.html's theme-color. */
const THEME_COLOUR = '#3b2418';
/** The page's ground (styles.css --color-crema): the splash screen while the installed app starts. */
const BACKGROUND_COLOUR = '#fffaf3';

/**
 * The web app manifest and the service worker (issue 27). The worker is our own TypeScript (injectManifest), built
 * by the plugin into dist/client/sw.js with the list of this build's files in place of self.__WB_MANIFEST. The app
 * registers it itself once the page has loaded and settled (main.tsx, features/pwa/), so the plugin injects no
 * script; a new version waits for the user's Reload ('prompt').
 */
let logLevel: LogLevel | undefined;
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Brew Connect',
    short_name: 'Brew Connect',
    description: 'Discover South African coffee shops, chat with them and pre-order.',
    lang: 'en-ZA',
    start_url: '/discover',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons stay out of the precache: the browser fetches the one it needs (to install, for a notification)
  // itself, through the HTTP cache.
  includeManifestIcons: false,
  injectManifest: {
    // The scripts and styles the pages load, and the offline page. Not index.html: a page always comes from the
    // network (sw.ts). Not the .br/.gz copies: the browser asks for the plain name and the server picks the copy.
    globPatterns: ['assets/**/*.{js,css}', 'offline.html'],
    // Nor the map libraries (issue 31): a map is of no use offline, its tiles come from the network; they load when
    // a map is first shown, as before.
    globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'index.html', 'assets/leaflet*'],
    // Hashed names are their own revision: Workbox need not add one, nor ask again with a cache-busting query.
    dontCacheBustURLsMatching: /^assets\//,
    // Files over 400 KB are left to load when opened, as before (and then kept by the HTTP cache, a year for a
    // hashed name). Today those are the owner's two: the dashboard's charts and date-holidays (every country's
    // public holidays, for the hours dialog). Precached, a customer's phone would fetch 300 KB (brotli) more on
    // its first visit, on mobile data, for pages it never opens.
    manifestTransforms: [
      async (entries) => ({ manifest: entries.filter((entry) => entry.size <= 400 * 1024), warnings: [] }),
    ],
  },
  // The worker is built by a second Vite build of the plugin's own: it speaks as quietly as the app's build, and
  // asks for one file the way Vite 8 spells it (the plugin's inlineDynamicImports is deprecated there).
  integration: {
    configureOptions(viteConfig) {
      logLevel = viteConfig.logLevel;
    },
    configureCustomSWViteBuild(inlineConfig) {
      inlineConfig.logLevel = logLevel;
      const output = inlineConfig.build?.rollupOptions?.output as Record<string, unknown> | undefined;
      if (output && 'inlineDynamicImports' in output) {
        delete output.inlineDynamicImports;
        output.codeSplitting = false;
      }
    },
  },
});

export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), pwa, precompress()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // The landing page's budget test reads which files the first page pulls in from here.
    manifest: true,
    // date-holidays (every country's rules, 1.4 MB) loads only when an owner opens the hours dialog.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      // The client imports constants and types from src/shared/api, whose modules also build zod schemas at
      // their top level. Those schema calls have no side effects: marked pure, unused schemas (and zod with
      // them) drop out of the pages that only need a constant.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Everything the first page needs in one file beside the entry, rather than the handful of small shared
        // chunks the splitter makes when lazy pages and dialogs share modules with it: each file is one more
        // request in the queue of a phone's first visit.
        // The map libraries (issue 31) go in files of their own, named so the service worker can leave them out:
        // Leaflet for every map, the clustering only for Discover's.
        codeSplitting: {
          groups: [
            // First: React and what else the first page needs stay here, not in a map file that depends on them.
            { name: 'app', tags: ['$initial'], priority: 3 },
            {
              name: 'leaflet-cluster',
              // Below Leaflet's group, which it depends on: otherwise it would take Leaflet into its own file.
              priority: 1,
              test: /[\\/]node_modules[\\/](leaflet\.markercluster|react-leaflet-cluster)[\\/]/,
            },
            {
              name: 'leaflet',
              priority: 2,
              test: /[\\/]node_modules[\\/](leaflet|react-leaflet|@react-leaflet[\\/]core)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/ws': { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
});
