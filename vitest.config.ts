import { defineConfig } from 'vitest/config';
import { uiTables } from './scripts/ui-tables.js';

/**
 * Unit and integration tests, two files at a time: Vitest's default on a
 * two-core machine is one worker, and much of a server test's time is spent
 * waiting (timers, sockets, a second process), which the other worker fills.
 * Against a PostgreSQL server (DATABASE_URL set) each worker has a database of
 * its own there (tests/server/helpers.ts).
 *
 * The server suites share each worker's modules (`isolate:
 * false`): each file builds its own app and database through
 * tests/server/helpers.ts and keeps no state in modules, and re-reading the
 * upstream's module graph for every file cost a third of their time. The
 * desktop core's suites (tests/core) share theirs too, and with them the
 * worker's demo template their upstreams copy: each file started, migrated
 * and loaded an upstream of its own, a tenth of the whole run. The rest stay
 * isolated: they stub globals, mock modules or set the clock. So does the one
 * server file that mocks a module (hashing.test.ts: a mock cannot reach a
 * module another file has already loaded).
 */
const MOCKING_SERVER_FILES = ['tests/server/account/hashing.test.ts'];

/**
 * The server files whose subject differs on PGlite (one session, its own
 * drivers' paths), run on PGlite when `SERVER_SUITE_ON_PGLITE=engine`: what
 * `npm test` asks for when a PostgreSQL server is there to run the whole
 * server suite on (docs/testing.md). The end-to-end and core suites' upstreams
 * run on PGlite too, through every screen.
 */
const PGLITE_ENGINE_FILES = [
  // Prepared statements take a path of their own on PGlite (SQL PREPARE, rows as one JSON text).
  'tests/server/db/**/*.test.ts',
  'tests/server/order/list.test.ts',
  // Opening PGlite in memory and on disk, migrating, loading the demo once; its outage answers.
  'tests/server/start.test.ts',
  'tests/server/http/database.test.ts',
  // The export pages without a cursor, and the month partitions and their migration, on PGlite.
  'tests/server/order/export*.test.ts',
  'tests/server/order/months*.test.ts',
  // One session: the job runner's claims, files written inside transactions, concurrent requests serialised.
  'tests/server/jobs/**/*.test.ts',
  'tests/server/storage/**/*.test.ts',
  'tests/server/file/**/*.test.ts',
  'tests/server/reliability/races.test.ts',
  // The rollups' raw SQL, its sums and counts as PGlite's driver decodes them.
  'tests/server/dashboard/rollup.test.ts',
];
const onPostgres = Boolean(process.env.DATABASE_URL);
const serverFiles =
  process.env.SERVER_SUITE_ON_PGLITE === 'engine' && !onPostgres ? PGLITE_ENGINE_FILES : ['tests/server/**/*.test.ts'];
/**
 * The server files a PostgreSQL server changes nothing for, left out of the run against one: opening PGlite in
 * memory and on disk, and password hashing (no database).
 */
const NOT_ON_POSTGRES = ['tests/server/start.test.ts', ...MOCKING_SERVER_FILES];

export default defineConfig({
  // The renderer's catalogues and error table are build-time modules (scripts/ui-tables.ts).
  plugins: [uiTables()],
  test: {
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: serverFiles,
          exclude: onPostgres ? NOT_ON_POSTGRES : MOCKING_SERVER_FILES,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'core', include: ['tests/core/**/*.test.ts'], isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/server/**', 'tests/core/**', 'node_modules/**'],
        },
      },
      ...(onPostgres ? [] : [{ extends: true, test: { name: 'server-mocking', include: MOCKING_SERVER_FILES } }]),
    ],
  },
});
