/** The operation log's screen: its list (its records are written by the recorder, server/oplog/record.ts). */
import { defineHandlers } from '../http/handlers.js';
import { oplogPage } from './list.js';

export const oplogHandlers = defineHandlers({
  'oplog.page': ({ query, body }, { db, scope }) => oplogPage(db, scope, query, body),
});
