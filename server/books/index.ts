/** The books on the upstream (docs/domains/books.md): every domain's checks run nightly, on demand and by `npm run reconcile`. */
import { defineServerDomain } from '../manifest.js';
import { booksHandlers } from './handlers.js';
import { dropOldRuns, queueNightly, RUN_JOB, runJob } from './runs.js';

export { reconcile } from './reconcile.js';

export const booksServer = defineServerDomain({
  name: 'books',
  handlers: booksHandlers,
  jobs: { [RUN_JOB]: runJob },
  // Hourly: the first run past the night's hour queues the day's run (one a day, the index decides).
  recurring: {
    'books.queueNightly': {
      everyMs: 3_600_000,
      run: async ({ db }) => {
        await queueNightly(db);
        await dropOldRuns(db);
      },
    },
  },
});
