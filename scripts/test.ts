/**
 * `npm test`: every check in order, stopping at the first that fails, then a
 * table of how long each part took (the whole CI run within 25
 * minutes, so where the time goes is printed on every run) and, on CI, the
 * end-to-end tests that passed only on their one retry, by name.
 *
 * The retry is CI's alone (playwright.config.ts): locally a test fails at its
 * first try, so flakiness is seen where it can be fixed.
 *
 * The type checks and lint run side by side: each is one process on one
 * core, and the machine has two. Their output is held and printed whole as
 * each ends, so they never interleave. (The two test suites side by side
 * took longer than one after the other: both keep the two cores busy.)
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { E2E_REPORT } from '../playwright.config.js';
import { flakyTests } from './flaky.js';

type Step = readonly [name: string, command: string];
/** In order; a group of steps runs side by side. */
const STEPS: readonly (Step | readonly Step[])[] = [
  [
    ['typecheck (node)', 'tsc -p tsconfig.json'],
    ['typecheck (web)', 'tsc -p tsconfig.web.json'],
    ['lint', 'npm run lint'],
  ],
  // With a PostgreSQL server to run the whole server suite on (next step), PGlite runs the server files whose
  // subject differs there (vitest.config.ts): running every file on both took five minutes of the twenty-five.
  [
    'unit + integration (PGlite)',
    process.env.TEST_POSTGRES_URL ? 'SERVER_SUITE_ON_PGLITE=engine npm run test:unit' : 'npm run test:unit',
  ],
  ['server suite on PostgreSQL', 'npm run test:pg'],
  ['build', 'npm run build'],
  ['bundle budget', 'npm run bench:bundle'],
  ['package budget', 'npm run bench:package'],
  ['end to end', 'npm run test:e2e'],
];

/**
 * Runs a step; resolves once it ended. A step alone prints as it goes; one of
 * a group has its output held and printed whole when it ends.
 */
function run([name, command]: Step, live: boolean): Promise<[string, number, boolean]> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => out.push(b));
    child.on('close', (code) => {
      if (!live) process.stdout.write(`\n> ${name}: ${command}\n${Buffer.concat(out).toString()}`);
      resolve([name, (performance.now() - started) / 1000, code === 0]);
    });
  });
}

const startedAll = performance.now();
const times: [string, number, string][] = [];
let failed: string | null = null;
rmSync(E2E_REPORT, { force: true });
for (const step of STEPS) {
  const group = Array.isArray(step[0]) ? (step as readonly Step[]) : [step as Step];
  const ran = await Promise.all(group.map((s) => run(s, group.length === 1)));
  for (const [name, seconds, ok] of ran) times.push([name, seconds, ok ? 'ok' : 'FAILED']);
  failed = ran.find(([, , ok]) => !ok)?.[0] ?? null;
  if (failed) break;
}

const minutes = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
console.log('\nnpm test — time per part');
for (const [name, seconds, state] of times)
  console.log(`  ${name.padEnd(30)} ${minutes(seconds).padStart(6)}  ${state}`);
// The wall clock: the parts side by side overlap.
console.log(`  ${'total'.padEnd(30)} ${minutes((performance.now() - startedAll) / 1000).padStart(6)}`);

if (existsSync(E2E_REPORT)) {
  const names = flakyTests(readFileSync(E2E_REPORT, 'utf8'));
  console.log(`\nend to end: ${names.length} flaky (passed only on their retry)${names.length ? ':' : ''}`);
  for (const name of names) console.log(`  ${name}`);
}

if (failed) {
  console.error(`\nnpm test: ${failed} failed`);
  process.exit(1);
}
