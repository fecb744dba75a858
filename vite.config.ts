// Builds the React client from src/client into dist/client, with brotli and gzip copies of every text file beside
// it (the server sends those as they are: compression costs nothing per request); in dev, proxies /api and /ws.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes name.br and name.gz beside each built script, style, SVG, JSON and HTML file worth compressing. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|html)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const serverPort = Number(process.env.PORT ?? 5000);

export default defineConfig({
  root: 'src/client',
  plugins: [react(), tailwindcss(), precompress()],
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
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
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
