// npm test: format and lint, typecheck, unit, API and browser suites, in that order; stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['format and lint', 'node_modules/@biomejs/biome/bin/biome', ['check', '.']],
  ['typecheck', 'node_modules/typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['unit and API tests', 'node_modules/vitest/vitest.mjs', ['run', '--project', 'unit', '--project', 'api']],
  ['Chromium check', 'scripts/ensure-chromium.mjs', []],
  ['client build', 'node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn']],
  ['built client checks', 'node_modules/vitest/vitest.mjs', ['run', '--project', 'build']],
  ['browser tests', 'node_modules/@playwright/test/cli.js', ['test']],
];

const started = Date.now();
for (const [name, script, args] of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${name}: ${[script, ...args].join(' ')}`);
  const result = spawnSync(process.execPath, [script, ...args], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll suites passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
