/** The books' operations (shared/books/api.ts), each handed to runs.ts. */
import { defineHandlers } from '../http/handlers.js';
import { askRun, latest } from './runs.js';

export const booksHandlers = defineHandlers({
  'books.latest': ({ query }, { db, user, scope }) => latest(db, user, scope, query),
  'books.run': ({ body }, { db, user, scope }) => askRun(db, user, scope, body),
});
