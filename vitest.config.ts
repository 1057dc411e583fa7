import { defineConfig } from 'vitest/config';
import { uiTables } from './scripts/ui-tables.js';

/**
 * Unit and integration tests. Against a PostgreSQL server (DATABASE_URL set)
 * the server suites share one database, so files run one at a time.
 *
 * Two projects. The server suites share each worker's modules (`isolate:
 * false`): each file builds its own app and database through
 * tests/server/helpers.ts and keeps no state in modules, and re-reading the
 * upstream's module graph for every file cost a third of their time. The
 * rest stay isolated: they stub globals, mock modules or set the clock. So
 * does the one server file that mocks a module (hashing.test.ts: a mock
 * cannot reach a module another file has already loaded).
 */
const sharedDatabase = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');
const MOCKING_SERVER_FILES = ['tests/server/account/hashing.test.ts'];

export default defineConfig({
  // The renderer's catalogues and error table are build-time modules (scripts/ui-tables.ts).
  plugins: [uiTables()],
  test: {
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: !sharedDatabase,
    projects: [
      { extends: true, test: { name: 'server', include: ['tests/server/**/*.test.ts'], exclude: MOCKING_SERVER_FILES, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ['tests/**/*.test.ts'], exclude: ['tests/server/**', 'node_modules/**'] } },
      { extends: true, test: { name: 'server-mocking', include: MOCKING_SERVER_FILES } },
    ],
  },
});
