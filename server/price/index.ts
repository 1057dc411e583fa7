/** Price changes on the upstream: new prices sent to machines, what each did with them, the history. */
import { defineServerDomain } from '../manifest.js';
import { provide } from '../../shared/ports.js';
import {
  pricePushes as pricePushesPort,
  priceOffers as priceOffersPort,
  serviceVisit as serviceVisitPort,
} from '../device/index.js';
import { pricesAt as pricesAtPort } from '../order/index.js';
import { priceDemo } from './demo.js';
import { priceHandlers } from './handlers.js';
import { priceOffers, pricesAt, serviceVisit } from './machine.js';
import { pricePushes } from './push.js';
import { priceChanges } from './schema.js';

export const priceServer = defineServerDomain({
  name: 'price',
  handlers: priceHandlers,
  demo: priceDemo,
  provides: [
    // The device domain's heartbeat delivers due changes, its stock report is a service visit, its fleet view lists
    // changes as pushes; the order domain prices a late sale.
    provide(priceOffersPort, priceOffers),
    provide(serviceVisitPort, serviceVisit),
    provide(pricePushesPort, pricePushes),
    provide(pricesAtPort, pricesAt),
  ],
  owns: { priceChange: { id: priceChanges.id, tenantId: priceChanges.tenantId, labels: [] } },
});
