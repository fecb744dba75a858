// Browser suite: Debian's Chromium against the built app, served with a real SMTP sink, a fake geocoder and a
// fake Paystack.
import { defineConfig, devices } from '@playwright/test';
import { trustFakePushService } from './tests/support/push-tls/trust.js';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5099);
export const MAILBOX_PORT = E2E_PORT + 1;
export const GEOCODER_PORT = E2E_PORT + 2;
/** The fake Paystack (tests/support/fake-paystack.ts), started by the e2e server. */
export const PAYSTACK_PORT = E2E_PORT + 3;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    // No service worker in a test unless it asks (pwa.spec.ts, notifications.spec.ts): a worker registering in
    // each test's fresh context would precache the whole app there and could answer the test's requests.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx tests/support/e2e-server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    // NODE_EXTRA_CA_CERTS: the app sends Web Push with web-push, which trusts Node's CA store only (read at start);
    // this adds the fake push service's certificate (tests/support/push-tls) to it.
    env: { E2E_PORT: String(E2E_PORT), NODE_EXTRA_CA_CERTS: trustFakePushService() },
  },
});
