/** Price-change operations (shared/price/api.ts), each handed to the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { cancelChange, changeDevices, changeOf, changePage, createChange, fitOf, targetProducts } from './changes.js';
import { priceHistory } from './history.js';
import { reportPrice } from './machine.js';

export const priceHandlers = defineHandlers({
  'price.products': ({ body }, { db, user, scope }) => targetProducts(db, user, scope, body),
  'price.fit': ({ body }, { db, user, scope }) => fitOf(db, user, scope, body),
  'price.create': ({ body }, { db, user, scope }) => createChange(db, user, scope, body),
  'price.page': ({ query, body }, { db, scope }) => changePage(db, scope, query, body),
  'price.info': ({ params }, { db, scope }) => changeOf(db, scope, params.id),
  'price.devices': ({ params, query, body }, { db, scope }) => changeDevices(db, scope, params.id, query, body),
  'price.cancel': ({ params, body }, { db, scope }) => cancelChange(db, scope, params.id, body.deviceIds),
  'price.history': ({ query, body }, { db, scope }) => priceHistory(db, scope, query, body),
  'price.report': ({ params, body }, { db, device }) => reportPrice(db, device.id, params.id, body),
});
