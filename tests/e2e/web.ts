/**
 * The end-to-end suite's web servers (playwright.config.ts): `npm run web`'s browser mode, with password hashes
 * at the test cost of tests/setup.ts — as the server suites, and as web frameworks' test settings do. At today's
 * cost (server/account/passwords.ts: 128 MiB and a third of a second of one core) each of the suite's ~300
 * sign-ins took 0.4–0.9 s of a two-core machine that two workers keep busy. `npm run web` and `npm start` are
 * untouched: they hash at today's cost, and tests/server/account/passwords.test.ts proves that cost.
 */
import '../setup.js';

await import('../../scripts/web.js');
