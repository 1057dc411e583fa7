/**
 * Vitest's setup for every test file: password hashes at a test cost, as web
 * frameworks' test settings do (Django's fast hasher, Rails' minimum bcrypt
 * cost). At today's cost each sign-in takes a third of a second, and the
 * server suites sign in hundreds of times. tests/server/account/passwords.test.ts
 * puts the real cost back and proves it.
 */
import { setPasswordCostForTests } from '../server/account/passwords.js';

/** The test cost (a file that loads the module afresh sets it again: tests/server/account/hashing.test.ts). */
export const TEST_PASSWORD_COST = { N: 2 ** 12, r: 8, p: 1 };

setPasswordCostForTests(TEST_PASSWORD_COST);
