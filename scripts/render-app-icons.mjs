// Renders the app's icons (issue 27) from the brand mark (components/Brand.tsx: a crema cup on an espresso tile)
// with Chromium, palette-compressed with sharp, into src/client/public/icons/. After changing the mark, run again:
// node scripts/render-app-icons.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const ESPRESSO_800 = '#5b3826';
const CREMA = '#fffaf3';
/** lucide's Coffee icon (24 × 24, stroked), the cup the navigation shows. */
const CUP = [
  'M10 2v2',
  'M14 2v2',
  'M16 8a1 1 0 0 1 1 1v8a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V9a1 1 0 0 1 1-1h14a4 4 0 1 1 0 8h-1',
  'M6 2v2',
];

/** The cup, `size` px wide, centred in a `canvas` px square, drawn in `colour`. */
function cup(canvas, size, colour) {
  const scale = size / 24;
  // The drawing spans 1 to 22 down its 24-unit box (2 to 22 across): half a unit lower centres it.
  const offset = (canvas - size) / 2;
  const paths = CUP.map((d) => `<path d="${d}"/>`).join('');
  return `<g transform="translate(${offset} ${offset + scale * 0.5}) scale(${scale})" fill="none"
    stroke="${colour}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths}</g>`;
}

const icons = [
  // The mark as the navigation draws it: a rounded tile, transparent corners.
  { file: 'icon-192.png', size: 192, tile: 'rounded', cup: 0.56 },
  { file: 'icon-512.png', size: 512, tile: 'rounded', cup: 0.56 },
  // Maskable: full bleed, the cup inside the central circle (40% radius) that every mask keeps.
  { file: 'icon-maskable-512.png', size: 512, tile: 'full', cup: 0.5 },
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  { file: 'apple-touch-icon.png', size: 180, tile: 'full', cup: 0.56 },
  // A notification's badge: Android keeps only the alpha, drawn white in the status bar.
  { file: 'badge-96.png', size: 96, tile: 'none', cup: 0.84 },
];

function svg({ size, tile, cup: share }) {
  const ground =
    tile === 'rounded'
      ? `<rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${ESPRESSO_800}"/>`
      : tile === 'full'
        ? `<rect width="${size}" height="${size}" fill="${ESPRESSO_800}"/>`
        : '';
  const colour = tile === 'none' ? '#ffffff' : CREMA;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${ground}${cup(size, size * share, colour)}</svg>`;
}

const outDir = path.resolve(import.meta.dirname, '../src/client/public/icons');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon)}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    // Two colours and their anti-aliased edges fit a 256-colour palette: a third of the bytes, the same picture
    // (Chrome fetches the 192 px icon on a page's first visit, to know the app can be installed).
    await sharp(png)
      .png({ palette: true, colours: 256, compressionLevel: 9, effort: 10 })
      .toFile(path.join(outDir, icon.file));
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
