/** The fresh food operations (shared/fresh/api.ts), each handed to its feature file. */
import { defineHandlers } from '../http/handlers.js';
import { batchPage, exportBatches } from './batches.js';

export const freshHandlers = defineHandlers({
  'fresh.batches': ({ query, body }, { db, scope }) => batchPage(db, scope, query, body),
  'fresh.export': ({ query, body }, { db, scope }) => exportBatches(db, scope, body, query.lang),
});
