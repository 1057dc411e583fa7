/** Vend outcome operations (shared/delivery): the machine's report, and the review list of failed vends. */
import { defineHandlers } from '../http/handlers.js';
import { reportOutcome } from './outcome.js';
import { decideReview, reviewPage } from './review.js';

export const deliveryHandlers = defineHandlers({
  'delivery.outcome': ({ body }, { db, device }) => reportOutcome(db, device, body),
  'delivery.reviews': ({ query, body }, { db, scope }) => reviewPage(db, scope, query, body),
  // The system admin decides as the platform, named by its role alone (as it refunds).
  'delivery.decide': ({ params, body }, { db, scope, user }) =>
    decideReview(db, scope, params.id, body, { name: user.kind === 'admin' ? '' : user.name, id: user.id }),
});
