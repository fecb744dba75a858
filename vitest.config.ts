// Four Vitest projects: unit tests beside the code, API tests over real HTTP (tests/api), checks of the built client
// (tests/build, after vite build), and tests that need a PostgreSQL server (tests/postgres, npm run test:postgres).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { trustFakePushService } from './tests/support/push-tls/trust.js';

const alias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };

// Web Push tests (issue 27): web-push speaks https with Node's CA store only, so the fake push service's certificate
// must be named by NODE_EXTRA_CA_CERTS, which Node reads only at start. Set here, before any worker starts, it
// reaches them all: Vitest's default pool 'forks' starts each worker with this process's env. ('threads' would not:
// worker threads share this already-started process's CA store.)
trustFakePushService();

export default defineConfig({
  resolve: { alias },
  test: {
    // API test files each build their own app and database; two cores, so two files at a time.
    maxWorkers: 2,
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Checks of the built client (budget, compression, caching): npm test runs them after vite build.
        resolve: { alias },
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'postgres',
          include: ['tests/postgres/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
