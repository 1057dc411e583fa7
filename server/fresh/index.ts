/**
 * Fresh food on the upstream (beyond spec §3; docs/domains/fresh.md): the
 * batches in the machines' channels, each with its expiry, following the
 * channels' stock — built on the device and product domains.
 */
import { provide } from '../../shared/ports.js';
import { stockBatches } from '../device/index.js';
import { defineServerDomain } from '../manifest.js';
import { freshChecks } from './checks.js';
import { freshDemo } from './demo.js';
import { refundExpiredSale } from './expired.js';
import { followStock } from './follow.js';
import { freshHandlers } from './handlers.js';
import { freshBatches, freshMarkdowns } from './schema.js';

export { freshBatches, freshBatchMoves, freshMarkdowns, freshWaste } from './schema.js';

export const freshServer = defineServerDomain({
  name: 'fresh',
  handlers: freshHandlers,
  checks: freshChecks,
  demo: freshDemo,
  // A machine sold fresh food past its expiry: refunded in the sale's transaction (expired.ts).
  onEvent: refundExpiredSale,
  // A channel's stock moved: its batches follow (follow.ts).
  provides: [provide(stockBatches, followStock)],
  owns: {
    batch: { id: freshBatches.id, tenantId: freshBatches.tenantId, labels: [] },
    markdown: { id: freshMarkdowns.id, tenantId: freshMarkdowns.tenantId, labels: [] },
  },
});
