/**
 * The end-to-end files in other orders than Playwright's, to find a file that
 * depends on what another did or left. Each file must pass:
 *
 *   npm run test:e2e:order -- reverse   the whole suite last file first, on one worker and one upstream
 *   npm run test:e2e:order -- reverse point/list.spec.ts   the same, starting at that file (after a mend)
 *   npm run test:e2e:order -- alone     each file on its own, on a fresh upstream (two at a time)
 *   npm run test:e2e:order -- alone tests/e2e/point/list.spec.ts …   those files only
 *
 * Build the renderer first (`npm run build`), as for `npm run test:e2e`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { e2eFiles } from '../playwright.config.js';

const [mode = 'reverse', ...only] = process.argv.slice(2);

if (mode === 'reverse') {
  const from = only[0]?.replace(/^tests\/e2e\//, '');
  if (from && !e2eFiles().includes(from)) {
    console.error(`e2e-order: no end-to-end file ${from}`);
    process.exit(2);
  }
  const run = spawnSync('playwright', ['test'], {
    stdio: 'inherit',
    shell: true,
    env: { ...process.env, E2E_ORDER: 'reverse', E2E_WORKERS: '1', ...(from ? { E2E_ORDER_FROM: from } : {}) },
  });
  process.exit(run.status ?? 1);
}
if (mode !== 'alone') {
  console.error(`e2e-order: "${mode}" is neither reverse nor alone`);
  process.exit(2);
}

/** Two lanes, each running one file at a time on its own ports (a fresh host and upstream per file). */
const LANES = 2;
const queue = only.length ? [...only] : e2eFiles().map((f) => `tests/e2e/${f}`);
const failed: string[] = [];
const runFile = (file: string, lane: number) =>
  new Promise<void>((resolve) => {
    // Each lane its own output folder: Playwright empties its folder as a run starts, which took the other lane's traces away.
    const child = spawn('playwright', ['test', file, '--reporter=line', `--output=test-results/lane-${lane}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: true,
      env: {
        ...process.env,
        E2E_WORKERS: '1',
        E2E_CONSOLE_PORT: String(5381 + 10 * lane),
        E2E_UPSTREAM_PORT: String(8291 + 10 * lane),
      },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d;
    });
    child.on('close', (code) => {
      console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${file}`);
      if (code !== 0) {
        failed.push(file);
        console.log(out);
      }
      resolve();
    });
  });
await Promise.all(
  Array.from({ length: LANES }, async (_, lane) => {
    for (let file = queue.shift(); file; file = queue.shift()) await runFile(file, lane);
  }),
);
console.log(
  failed.length ? `\n${failed.length} file(s) failed alone:\n  ${failed.join('\n  ')}` : '\nevery file passed alone',
);
process.exit(failed.length ? 1 : 0);
