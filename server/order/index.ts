/** The order domain on the upstream: the orders machines' sales create (the orders issue adds the console's side). */
import { defineServerDomain } from '../manifest.js';
import { defineHandlers } from '../http/handlers.js';
import { recordSale } from './sale.js';

export { orderItems, orders } from './schema.js';

export const orderServer = defineServerDomain({
  name: 'order',
  handlers: defineHandlers({
    'order.sale': ({ body }, { db, device }) => recordSale(db, device, body),
  }),
});
