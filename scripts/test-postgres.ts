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
// The schema fuzzer runs here only (`npm test` runs on PGlite just the files whose subject differs there:
// vitest.config.ts): the first 3 000 of its seed's ten thousand requests, which take a minute on their own on a
// 2-core machine (FUZZ_RUNS overrides).
const run = spawnSync('vitest', ['run', 'tests/server'], {
  stdio: 'inherit',
  shell: true,
  env: { FUZZ_RUNS: '3000', ...process.env, DATABASE_URL: url },
});
process.exit(run.status ?? 1);
