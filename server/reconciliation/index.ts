/**
 * The platforms' daily bills matched to the orders on the upstream (docs/domains/reconciliation.md). It uses
 * orders, refunds, payment settings and tenants, never the other way.
 */
import { defineServerDomain } from '../manifest.js';
import { FETCH_JOB, fetchJob, queueDays } from './days.js';
import { reconciliationDemo } from './demo.js';
import { reconciliationHandlers } from './handlers.js';
import { reconDays, reconDifferences } from './schema.js';

export { reconDays, reconDifferences, reconLines, reconNotes } from './schema.js';

export const reconciliationServer = defineServerDomain({
  name: 'reconciliation',
  handlers: reconciliationHandlers,
  demo: reconciliationDemo,
  owns: {
    reconDay: { id: reconDays.id, tenantId: reconDays.tenantId, labels: [] },
    reconDifference: {
      id: reconDifferences.id,
      tenantId: reconDifferences.tenantId,
      labels: [reconDifferences.number],
    },
  },
  jobs: { [FETCH_JOB]: fetchJob },
  // Hourly: the first run past the morning's hour queues the day before's bills (the index decides).
  recurring: { 'reconciliation.queueDays': { everyMs: 3_600_000, run: ({ db }) => queueDays(db) } },
});
