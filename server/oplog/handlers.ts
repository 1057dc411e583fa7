/** The operation log's screen: its list (its records are written by the recorder, server/oplog/record.ts). */
import { defineHandlers } from '../http/handlers.js';
import { exportRecords } from './export.js';
import { oplogPage } from './list.js';

export const oplogHandlers = defineHandlers({
  'oplog.page': ({ query, body }, { db, scope }) => oplogPage(db, scope, query, body),
  'oplog.export': ({ query, body }, { db, scope }) => exportRecords(db, scope, body, query.lang),
});
