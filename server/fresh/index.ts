/**
 * Fresh food on the upstream (beyond spec §3; docs/domains/fresh.md): the
 * batches in the machines' channels, each with its expiry, following the
 * channels' stock, and the fridges' temperatures — built on the device and
 * product domains.
 */
import { provide } from '../../shared/ports.js';
import {
  channelExpiries as channelExpiriesPort,
  markdownOffers as markdownOffersPort,
  markdownPushes as markdownPushesPort,
  stockBatches,
  unknownChannelSale,
} from '../device/index.js';
import { holdUnknownChannelSale } from './quarantine.js';
import { markdownOffers, markdownPushes } from './markdown-push.js';
import { defineServerDomain } from '../manifest.js';
import { freshChecks } from './checks.js';
import { freshDemo } from './demo.js';
import { refundExpiredSale } from './expired.js';
import { channelExpiries, followStock } from './follow.js';
import { freshHandlers } from './handlers.js';
import { ensureTemperatureMonths } from './months.js';
import {
  freshBatches,
  freshCards,
  freshColdRules,
  freshExcursions,
  freshMarkdownPushes,
  freshMarkdowns,
  freshQuarantine,
} from './schema.js';

export {
  freshBatches,
  freshBatchMoves,
  freshCards,
  freshColdRules,
  freshDoorOpenings,
  freshExcursions,
  freshFridges,
  freshMarkdowns,
  freshQuarantine,
  freshTemperatures,
  freshWaste,
} from './schema.js';
export { ensureTemperatureMonths } from './months.js';

export const freshServer = defineServerDomain({
  name: 'fresh',
  handlers: freshHandlers,
  checks: freshChecks,
  demo: freshDemo,
  // A machine sold fresh food past its expiry: refunded in the sale's transaction (expired.ts).
  onEvent: refundExpiredSale,
  // A channel's stock moved: its batches follow (follow.ts).
  // A channel whose oldest batch has expired is refused by the machine, told by its heartbeat (follow.ts).
  provides: [
    provide(stockBatches, followStock),
    provide(channelExpiriesPort, channelExpiries),
    // The heartbeat delivers pushed markdown ladders; the fleet's view lists the pushes (markdown-push.ts).
    provide(markdownOffersPort, markdownOffers),
    provide(markdownPushesPort, markdownPushes),
    // A sale of channels the console does not know is held in the quarantine (quarantine.ts).
    provide(unknownChannelSale, holdUnknownChannelSale),
  ],
  recurring: {
    // Hourly, and at once: the months of readings are there before the readings (months.ts).
    'fresh.temperatureMonths': { everyMs: 3_600_000, atStart: true, run: ({ db }) => ensureTemperatureMonths(db) },
  },
  owns: {
    batch: { id: freshBatches.id, tenantId: freshBatches.tenantId, labels: [] },
    markdown: { id: freshMarkdowns.id, tenantId: freshMarkdowns.tenantId, labels: [] },
    excursion: { id: freshExcursions.id, tenantId: freshExcursions.tenantId, labels: [] },
    coldRule: { id: freshColdRules.id, tenantId: freshColdRules.tenantId, labels: [] },
    quarantine: { id: freshQuarantine.id, tenantId: freshQuarantine.tenantId, labels: [] },
    card: { id: freshCards.id, tenantId: freshCards.tenantId, labels: [] },
    markdownPush: { id: freshMarkdownPushes.id, tenantId: freshMarkdownPushes.tenantId, labels: [] },
  },
});
