/** The fresh food operations (shared/fresh/api.ts), each handed to its feature file. */
import { defineHandlers } from '../http/handlers.js';
import { batchPage, exportBatches } from './batches.js';
import { deleteMarkdown, markdownList, saveMarkdown } from './markdowns.js';
import { removeBatch, wastePage } from './waste.js';

export const freshHandlers = defineHandlers({
  'fresh.batches': ({ query, body }, { db, scope }) => batchPage(db, scope, query, body),
  'fresh.export': ({ query, body }, { db, scope }) => exportBatches(db, scope, body, query.lang),
  'fresh.markdowns': ({ body }, { db, user, scope }) => markdownList(db, user, scope, body.tenantId),
  'fresh.saveMarkdown': ({ body }, { db, user, scope }) => saveMarkdown(db, user, scope, body),
  'fresh.deleteMarkdown': ({ params }, { db, scope }) => deleteMarkdown(db, scope, params.id),
  'fresh.removeBatch': ({ params, body }, { db, scope, user }) =>
    removeBatch(db, scope, params.id, body.reason, user.id),
  'fresh.waste': ({ query, body }, { db, scope }) => wastePage(db, scope, query, body),
});
