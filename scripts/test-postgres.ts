/**
 * The server suite once more against a PostgreSQL server, when
 * TEST_POSTGRES_URL names one (.ci/run starts one). Without it, says so.
 */
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_POSTGRES_URL;
if (!url) {
  console.log('test:pg: TEST_POSTGRES_URL is not set; the server suite ran on embedded PGlite only.');
  process.exit(0);
}
// The schema fuzzer's ten thousand requests ran on PGlite already; here a
// share of them checks the same on a real server (FUZZ_RUNS overrides).
const run = spawnSync('vitest', ['run', 'tests/server'], {
  stdio: 'inherit',
  shell: true,
  env: { FUZZ_RUNS: '3000', ...process.env, DATABASE_URL: url },
});
process.exit(run.status ?? 1);
