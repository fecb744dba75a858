// Four Vitest projects: unit tests beside the code, API tests over real HTTP (tests/api), checks of the built client
// (tests/build, after vite build), and tests that need a PostgreSQL server (tests/postgres, npm run test:postgres).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };

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
