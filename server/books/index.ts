/** The books on the upstream (docs/domains/books.md): every domain's checks run nightly, on demand and by `npm run reconcile`. */
import { defineServerDomain, periodic } from '../manifest.js';
import { booksHandlers } from './handlers.js';
import { dropOldRuns, queueNightly, RUN_JOB, runJob } from './runs.js';

export { reconcile } from './reconcile.js';

export const booksServer = defineServerDomain({
  name: 'books',
  handlers: booksHandlers,
  jobs: { [RUN_JOB]: runJob },
  // Hourly on every instance: the first past the night's hour queues the day's run (one a day, the index decides).
  background: (db) =>
    periodic(async () => {
      await queueNightly(db);
      await dropOldRuns(db);
    }, 3_600_000),
});
