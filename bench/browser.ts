/**
 * `npm run bench:browser` (after its build): the sign-in to a drawn dashboard
 * (bench/dashboard-browser.ts), then every screen by its address and by a
 * move inside the app (bench/screens-browser.ts), each in its own process,
 * whatever the first found; non-zero when either missed a budget.
 */
import { spawnSync } from 'node:child_process';

let missed = false;
for (const file of ['bench/dashboard-browser.ts', 'bench/screens-browser.ts']) {
  const run = spawnSync(`tsx ${file}`, { stdio: 'inherit', shell: true });
  if (run.status !== 0) missed = true;
}
if (missed) process.exit(1);
