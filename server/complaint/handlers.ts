/** Complaints (spec §2 customerService, §4): each operation, and the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { complaintDetail, complaintPage } from './queries.js';
import { closeComplaint, refundComplaint, replyToComplaint, submitComplaint } from './steps.js';

export const complaintHandlers = defineHandlers({
  'complaint.submit': ({ body }, { db, device }) => submitComplaint(db, device, body),
  'complaint.page': ({ query, body }, { db, scope }) => complaintPage(db, scope, query, body),
  'complaint.info': ({ params }, { db, scope }) => complaintDetail(db, scope, params.id),
  'complaint.reply': ({ params, body }, { db, scope, user }) =>
    replyToComplaint(db, scope, user, params.id, body.content),
  'complaint.refund': ({ params, body }, { db, scope, user }) => refundComplaint(db, scope, user, params.id, body),
  'complaint.close': ({ params, body }, { db, scope, user }) =>
    closeComplaint(db, scope, user, params.id, body.content),
});
