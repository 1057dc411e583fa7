/** Reconciliation operations: the platforms' daily bills, their differences, explaining one, the sheet. */
import { defineHandlers } from '../http/handlers.js';
import { dayPage, differencePage, explainDifference, exportDifferences } from './differences.js';

export const reconciliationHandlers = defineHandlers({
  'reconciliation.days': ({ query, body }, { db, scope }) => dayPage(db, scope, query, body),
  'reconciliation.differences': ({ query, body }, { db, scope }) => differencePage(db, scope, query, body),
  'reconciliation.explain': ({ params, body }, { db, scope, user }) =>
    explainDifference(db, scope, user, params.id, body.note),
  'reconciliation.export': ({ query, body }, { db, scope }) => exportDifferences(db, scope, body, query.lang),
});
