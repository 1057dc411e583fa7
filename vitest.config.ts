import { defineConfig } from 'vitest/config';
import { uiTables } from './scripts/ui-tables.js';

/**
 * Unit and integration tests. Against a PostgreSQL server (DATABASE_URL set)
 * the server suites share one database, so files run one at a time.
 */
const sharedDatabase = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '');

export default defineConfig({
  // The renderer's catalogues and error table are build-time modules (scripts/ui-tables.ts).
  plugins: [uiTables()],
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: !sharedDatabase,
  },
});
