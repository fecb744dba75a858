// npm run bench -- web: Lighthouse (mobile emulation, simulated slow 4G) against the built app on the embedded
// database with demo data: /, /discover signed out and in, and a shop page. Scores, LCP, TBT, CLS and the
// JavaScript transferred per page; the best of `runs` runs per page, as Lighthouse's own docs advise.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort, markdownTable, startServer, stopServer, waitForHealth } from './lib.js';

export interface WebRow {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  javascriptKb: number;
  totalKb: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A demo customer's token, so /discover can be measured signed in (the app keeps it under 'token'). */
async function demoToken(base: string): Promise<string> {
  const reply = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'thandi@demo.brewconnect.co.za', password: 'coffee123' }),
  });
  if (!reply.ok) throw new Error(`demo login failed: ${reply.status}`);
  return ((await reply.json()) as { accessToken: string }).accessToken;
}

async function measure(port: number, url: string, token: string | null): Promise<Omit<WebRow, 'page'>> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  // Lighthouse keeps storage when asked (disableStorageReset), and then the HTTP cache too: empty the cache (a
  // first visit), then set or clear the session on the origin.
  await page.goto(new URL('/api/health', url).toString());
  const devtools = await page.createCDPSession();
  await devtools.send('Network.clearBrowserCache');
  // And no service worker (issue 27): the one an earlier run installed would answer the scripts from its cache,
  // measuring a return visit.
  await devtools.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await devtools.detach();
  await page.evaluate((value) => {
    if (value) localStorage.setItem('token', value);
    else localStorage.removeItem('token');
  }, token);
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility'],
    },
    undefined,
    page,
  );
  await page.close();
  await browser.disconnect();
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // WEB_BENCH_REPORTS=<folder> keeps each whole report, to see what the largest paint waited for.
  const reportsDir = process.env.WEB_BENCH_REPORTS;
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_') || '_'}-${token ? 'in' : 'out'}-${Date.now()}.json`;
    writeFileSync(path.join(reportsDir, name), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const items =
    (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
      ?.items ?? [];
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    javascriptKb: kb(
      items
        .filter((item) => item.resourceType === 'Script')
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    ),
    totalKb: kb(items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)),
  };
}

export async function runWebBench(options: { runs: number }): Promise<WebRow[]> {
  // Always measure the client as it is now.
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('client build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const serverPort = await freePort();
  const server = startServer(serverPort, { DATA_DIR: dataDir, DEMO_DATA: 'on', NODE_ENV: 'production' });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const base = `http://127.0.0.1:${serverPort}`;
    await waitForHealth(base);
    const token = await demoToken(base);
    const shops = (await (await fetch(`${base}/api/coffee-shops?limit=1`)).json()) as { id: number }[];
    const pages: { page: string; url: string; token: string | null }[] = [
      { page: '/ (signed out)', url: `${base}/`, token: null },
      { page: '/discover (signed out)', url: `${base}/discover`, token: null },
      { page: '/discover (signed in)', url: `${base}/discover`, token },
      { page: `/shops/${shops[0]!.id}`, url: `${base}/shops/${shops[0]!.id}`, token: null },
    ];
    const rows: WebRow[] = [];
    // WEB_BENCH_PAGES=shops measures only the pages whose name holds that text.
    const only = process.env.WEB_BENCH_PAGES;
    for (const { page, url, token: session } of pages.filter((entry) => !only || entry.page.includes(only))) {
      let best: Omit<WebRow, 'page'> | null = null;
      for (let run = 0; run < options.runs; run += 1) {
        const measured = await measure(chrome.port, url, session);
        if (!best || measured.performance > best.performance) best = measured;
      }
      console.log(`  ${page}: performance ${best!.performance}, LCP ${best!.lcpMs} ms`);
      rows.push({ page, ...best! });
    }
    return rows;
  } finally {
    chrome.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function webTable(rows: WebRow[]): string {
  return markdownTable<WebRow>(
    [
      { header: 'page', value: (row) => row.page },
      { header: 'performance', value: (row) => row.performance, numeric: true },
      { header: 'accessibility', value: (row) => row.accessibility, numeric: true },
      { header: 'LCP ms', value: (row) => row.lcpMs, numeric: true },
      { header: 'TBT ms', value: (row) => row.tbtMs, numeric: true },
      { header: 'CLS', value: (row) => row.cls, numeric: true },
      { header: 'JS KB transferred', value: (row) => row.javascriptKb, numeric: true },
      { header: 'all KB transferred', value: (row) => row.totalKb, numeric: true },
    ],
    rows,
  );
}
