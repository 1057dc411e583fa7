/** Revenue shares on the upstream: hosts, rules in monthly versions, the month's close into statements (docs/domains/share.md). */
import { shareChecks } from './checks.js';
import { defineServerDomain } from '../manifest.js';
import { CLOSE_JOB, closeJob, closeLastMonths } from './closes.js';
import { shareDemo } from './demo.js';
import { shareHandlers } from './handlers.js';
import { shareHosts, shareRules, shareStatements } from './schema.js';

export { closeMonth } from './close.js';
export { rotateHostBanks } from './hosts.js';

export const shareServer = defineServerDomain({
  name: 'share',
  checks: shareChecks,
  handlers: shareHandlers,
  demo: shareDemo,
  jobs: { [CLOSE_JOB]: closeJob },
  // Hourly, and at once: last month closes into drafts for every tenant that has hosts or rules.
  recurring: { 'share.closeLastMonths': { everyMs: 3_600_000, atStart: true, run: ({ db }) => closeLastMonths(db) } },
  owns: {
    shareHost: { id: shareHosts.id, tenantId: shareHosts.tenantId, labels: [shareHosts.name] },
    shareRule: { id: shareRules.id, tenantId: shareRules.tenantId, labels: [] },
    shareStatement: { id: shareStatements.id, tenantId: shareStatements.tenantId, labels: [shareStatements.partyName] },
  },
});
