/** The job queue every domain's deferred work shares (server/jobs/runner.ts). */
export { jobs } from './schema.js';
export {
  RECURRING_GROUP,
  recurringJobKinds,
  scheduleRecurring,
  type Recurring,
  type RecurringKinds,
} from './recurring.js';
export {
  backoff,
  enqueue,
  runDueJobs,
  startJobs,
  STALE_AFTER_MS,
  sweepJob,
  SWEEP_NET_MS,
  type JobContext,
  type JobKind,
  type JobKinds,
  type RunnerOptions,
} from './runner.js';
