/**
 * The operation log on the upstream (beyond the specification;
 * docs/domains/oplog.md): who changed what, when, from where, and what it
 * was before — written by the recorder every changing operation of the API
 * table runs through (server/http/recorded.ts), hash-chained per tenant.
 */
import { defineServerDomain } from '../manifest.js';
import { provide } from '../../shared/ports.js';
import { signInRecord } from '../account/index.js';
import { oplogHandlers } from './handlers.js';
import { detachOldMonths, ensureOplogMonths } from './months.js';
import { recordSignIn } from './sign-ins.js';

export { oplogRecorder } from './record.js';
export { append as appendRecord, canonical, hashOf } from './chain.js';
export { verifyChains, type Broken } from './verify.js';
export { opAnchors, opRecords } from './schema.js';
export { detachOldMonths, ensureOplogMonths } from './months.js';

export const oplogServer = defineServerDomain({
  name: 'oplog',
  handlers: oplogHandlers,
  provides: [provide(signInRecord, recordSignIn)],
  // Hourly, and at once: the months ahead are there before their records; those past the retention leave.
  recurring: {
    'oplog.months': {
      everyMs: 3_600_000,
      atStart: true,
      run: async ({ db }) => {
        await ensureOplogMonths(db);
        await detachOldMonths(db);
      },
    },
  },
});
