/**
 * `npm test`: every check in order, stopping at the first that fails, then a
 * table of how long each part took (the whole CI run within 25
 * minutes, so where the time goes is printed on every run) and, on CI, the
 * end-to-end tests that passed only on their one retry, by name.
 *
 * The retry is CI's alone (playwright.config.ts): locally a test fails at its
 * first try, so flakiness is seen where it can be fixed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { E2E_REPORT } from '../playwright.config.js';
import { flakyTests } from './flaky.js';

const STEPS: readonly [string, string][] = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit + integration (PGlite)', 'npm run test:unit'],
  ['server suite on PostgreSQL', 'npm run test:pg'],
  ['build', 'npm run build'],
  ['bundle budget', 'npm run bench:bundle'],
  ['package budget', 'npm run bench:package'],
  ['end to end', 'npm run test:e2e'],
];

const times: [string, number, string][] = [];
let failed: string | null = null;
rmSync(E2E_REPORT, { force: true });
for (const [name, command] of STEPS) {
  const started = performance.now();
  const run = spawnSync(command, { stdio: 'inherit', shell: true });
  const ok = run.status === 0;
  times.push([name, (performance.now() - started) / 1000, ok ? 'ok' : 'FAILED']);
  if (!ok) {
    failed = name;
    break;
  }
}

const minutes = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
console.log('\nnpm test — time per part');
for (const [name, seconds, state] of times)
  console.log(`  ${name.padEnd(30)} ${minutes(seconds).padStart(6)}  ${state}`);
console.log(`  ${'total'.padEnd(30)} ${minutes(times.reduce((a, [, s]) => a + s, 0)).padStart(6)}`);

if (existsSync(E2E_REPORT)) {
  const names = flakyTests(readFileSync(E2E_REPORT, 'utf8'));
  console.log(`\nend to end: ${names.length} flaky (passed only on their retry)${names.length ? ':' : ''}`);
  for (const name of names) console.log(`  ${name}`);
}

if (failed) {
  console.error(`\nnpm test: ${failed} failed`);
  process.exit(1);
}
