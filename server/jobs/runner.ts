/**
 * The job runner every domain's deferred work shares (server/jobs/schema.ts).
 * Hand-written rather than pg-boss (docs/operations.md "Why not pg-boss" says why, with figures):
 * a claim is one UPDATE … FOR UPDATE SKIP LOCKED, which PGlite and
 * PostgreSQL both carry, so any number of instances take jobs from one
 * database and no job runs twice at once.
 *
 * - A running job beats its heart; one not heard of for `staleMs` lost its
 *   instance and is taken again (at least once: a kind's `run` must be safe
 *   to repeat).
 * - A failed attempt asks its kind when to try again (`retryAfter`), or gives
 *   up (`failed`).
 * - A group (one tenant's endpoint) runs at most its kind's `groupLimit` jobs
 *   at once across instances, so a dead endpoint holds that many workers,
 *   never all of them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db, Queryable } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import type { FileStorage } from '../storage/index.js';

export interface JobContext {
  db: Db;
  storage: FileStorage;
  /** 1 for the first attempt. */
  attempt: number;
  createdAt: Date;
}

export interface JobKind<P = Record<string, unknown>> {
  /** One attempt; a throw is a failed attempt (its message is kept as the job's last error). */
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Milliseconds until the next attempt after `attempt` failed, or null: give up. */
  retryAfter(attempt: number, createdAt: Date): number | null;
  /** Called once when the kind gives up. */
  failed?(payload: P, error: string, ctx: JobContext): Promise<void>;
  /** How many jobs of one group run at once, across instances (default: no limit). */
  groupLimit?: number;
  /**
   * A recurring kind (server/jobs/recurring.ts `recurringJobKinds`): its one row is never deleted but queued again this many
   * milliseconds after each run, failed or not (a failure is kept as its last error for the next run to mend).
   */
  everyMs?: number;
}

export type JobKinds = Readonly<Record<string, JobKind<never>>>;

/** A running job not heard of for this long lost its instance: another takes it. */
export const STALE_AFTER_MS = 60_000;

/**
 * The channel a runner hears of work on: a job queued (sent when its
 * transaction commits, so a rolled-back change wakes nobody), or a grouped
 * job ended, which may let the next of its group run. Every instance on the
 * database hears it.
 */
export const JOBS_CHANNEL = 'vend_jobs';

/** Queues a job (inside the caller's transaction, so a rolled-back change queues nothing); answers its id. */
export async function enqueue(
  db: Queryable,
  kind: string,
  payload: object,
  opts: { group?: string; runAt?: Date } = {},
): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`
    with made as (
      insert into jobs (kind, group_key, payload, run_at)
      values (${kind}, ${opts.group ?? ''}, ${JSON.stringify(payload)}::jsonb, ${(opts.runAt ?? new Date()).toISOString()}::timestamptz)
      returning id
    )
    select id, pg_notify(${JOBS_CHANNEL}, '') from made`,
  );
  return Number(row!.id);
}

/** The advisory lock claims take turns under (any constant of the project's own). */
const CLAIM_LOCK = 7_301_001;

interface Claimed {
  id: number;
  kind: string;
  group: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
}

/** What a claim or a hand-over answers of the job it took (read by toClaimed). */
const claimedColumns = sql`id, kind, group_key as "group", payload, attempts, created_at as "createdAt"`;

/** A claimed row as the driver answers it (a bigint id as text, a time as text on PGlite) made typed. */
function toClaimed(row: Claimed | undefined): Claimed | null {
  return row ? { ...row, id: Number(row.id), createdAt: new Date(row.createdAt) } : null;
}

/** Takes one due job of these kinds (or a stale running one) whose group has room; null when there is none. */
async function claim(db: Db, kinds: JobKinds, staleMs: number): Promise<Claimed | null> {
  const names = Object.keys(kinds);
  const limits = names.map((k) => kinds[k]!.groupLimit ?? 1_000_000);
  const stale = `${staleMs} milliseconds`;
  // Claims take turns (a transaction-scoped advisory lock, a millisecond each): a group's count of running
  // jobs is then exact, where two claims at once would each see room for one more.
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    return rowsOf<Claimed>(
      tx,
      sql`
      with kinds as (
        select * from unnest(${`{${names.join(',')}}`}::text[], ${`{${limits.join(',')}}`}::int[]) as k(kind, group_limit)
      ), full_groups as (
        -- Counted once per claim (not per candidate): the groups running as many jobs as their kind allows.
        select r.kind, r.group_key from jobs r join kinds k on k.kind = r.kind
        where r.state = 'running' and r.group_key <> '' and r.heartbeat_at >= now() - ${stale}::interval
        group by r.kind, r.group_key, k.group_limit having count(*) >= k.group_limit
      )
      update jobs set state = 'running', attempts = attempts + 1, heartbeat_at = now()
      where id = (
        select j.id from jobs j
        where j.kind in (select kind from kinds)
          and ((j.state = 'queued' and j.run_at <= now()) or (j.state = 'running' and j.heartbeat_at < now() - ${stale}::interval))
          and not exists (select 1 from full_groups f where f.kind = j.kind and f.group_key = j.group_key)
        order by j.run_at, j.id limit 1 for update of j skip locked
      ) returning ${claimedColumns}`,
    );
  });
  return toClaimed(row);
}

/** How many jobs in a row one slot takes from its group by hand-over before it lets the other groups claim. */
const HAND_OVER_RUN = 50;

/**
 * Ends a grouped job and, in the same transaction, hands its place to the
 * next due job of its group, answered. The group's count of running jobs
 * stays what it was (one leaves as one enters), so the hand-over needs
 * neither the claim's advisory lock nor its count of full groups: with one
 * tenant's long queue, a claim after every delivery (and a second one, woken
 * by the group's end, that found the group full again) had cost more than the
 * delivery itself (bench/callbacks.ts).
 */
async function endAndHandOver(db: Db, job: Claimed, end: SQL): Promise<Claimed | null> {
  const [next] = await db.transaction(async (tx) => {
    await tx.execute(end);
    return rowsOf<Claimed>(
      tx,
      sql`
      update jobs set state = 'running', attempts = attempts + 1, heartbeat_at = now()
      where id = (
        select id from jobs
        where kind = ${job.kind} and group_key = ${job.group} and state = 'queued' and run_at <= now()
        order by run_at, id limit 1 for update skip locked
      ) returning ${claimedColumns}`,
    );
  });
  return toClaimed(next);
}

/** Queues a job again `delayMs` from now (a retry, or a recurring job's next run), its last error kept. */
const queueAgain = (id: number, delayMs: number, error: string | null) => sql`
  update jobs set state = 'queued', run_at = now() + ${`${Math.max(0, Math.round(delayMs))} milliseconds`}::interval,
    last_error = ${error}, heartbeat_at = null${error === null ? sql`, attempts = 0` : sql``}
  where id = ${id}`;

/**
 * Runs a job to its end; answers the next job of its group it was handed
 * (see endAndHandOver) when `handOver`, else null.
 */
async function runOne(
  db: Db,
  storage: FileStorage,
  kinds: JobKinds,
  job: Claimed,
  staleMs: number,
  handOver = false,
): Promise<Claimed | null> {
  const kind = kinds[job.kind] as unknown as JobKind;
  const ctx: JobContext = { db, storage, attempt: job.attempts, createdAt: job.createdAt };
  const beat = setInterval(
    () => {
      db.execute(sql`update jobs set heartbeat_at = now() where id = ${job.id}`).catch(() => {});
    },
    Math.max(1000, staleMs / 4),
  );
  let end: SQL =
    kind.everyMs === undefined ? sql`delete from jobs where id = ${job.id}` : queueAgain(job.id, kind.everyMs, null);
  let failed: string | null = null;
  try {
    await kind.run(job.payload, ctx);
  } catch (err) {
    const error = String((err as Error)?.message ?? err).slice(0, 500);
    const delay = kind.everyMs ?? kind.retryAfter(job.attempts, job.createdAt);
    if (delay === null) failed = error;
    else end = queueAgain(job.id, delay, error);
  } finally {
    clearInterval(beat);
  }
  let next: Claimed | null = null;
  if (handOver && job.group !== '') next = await endAndHandOver(db, job, end);
  else await db.execute(end);
  if (failed !== null) await kind.failed?.(job.payload, failed, ctx);
  // Its group has room again: the runners waiting on it (here or on another instance) look now, not at their poll.
  // A recurring kind's group holds its one row and no limit: its end frees room for nobody, and waking every
  // runner after each sweep (a machine's presence, twice a second in the end-to-end suite) was all cost.
  if (job.group !== '' && kind.everyMs === undefined && !next)
    await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`).catch(() => {});
  return next;
}

/** Runs a claimed job, then the jobs of its group it is handed, at most HAND_OVER_RUN in a row (while `more()`). */
async function runHandedOver(
  db: Db,
  storage: FileStorage,
  kinds: JobKinds,
  job: Claimed,
  staleMs: number,
  more: () => boolean,
): Promise<number> {
  let ran = 0;
  for (let next: Claimed | null = job; next;) {
    ran++;
    next = await runOne(db, storage, kinds, next, staleMs, ran < HAND_OVER_RUN && more());
  }
  return ran;
}

/**
 * Milliseconds until the next job of these kinds falls due (a queued one's
 * time, or a running one's going stale); null when none will.
 */
async function nextDueMs(db: Db, kinds: JobKinds, staleMs: number): Promise<number | null> {
  const names = `{${Object.keys(kinds).join(',')}}`;
  const [row] = await rowsOf<{ ms: unknown }>(
    db,
    sql`
    select extract(epoch from least(
      (select min(run_at) from jobs where state = 'queued' and kind = any(${names}::text[])),
      (select min(heartbeat_at) from jobs where state = 'running' and kind = any(${names}::text[]))
        + ${`${staleMs} milliseconds`}::interval
    ) - now()) * 1000 as ms`,
  );
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}

export interface RunnerOptions {
  /** Jobs run at once by this instance. */
  concurrency?: number;
  /** The longest an idle instance waits before it looks for due jobs again (it is woken sooner: see startJobs). */
  pollMs?: number;
  staleMs?: number;
  /** The database's NOTIFY (Database.listen): with it, an idle instance hears of work at once instead of at its poll. */
  listen?: Database['listen'];
}

/**
 * Runs due jobs until none is left, `concurrency` at a time; answers how many
 * were taken. Tests and benches drive the queue with it.
 */
export async function runDueJobs(
  db: Db,
  storage: FileStorage,
  kinds: JobKinds,
  opts: RunnerOptions = {},
): Promise<number> {
  const staleMs = opts.staleMs ?? STALE_AFTER_MS;
  let taken = 0;
  const worker = async () => {
    for (let job = await claim(db, kinds, staleMs); job; job = await claim(db, kinds, staleMs)) {
      // Not `taken += await …`: that reads `taken` before the wait, and the workers would overwrite each other's counts.
      const ran = await runHandedOver(db, storage, kinds, job, staleMs, () => true);
      taken += ran;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 1 }, worker));
  return taken;
}

/**
 * Keeps up to `concurrency` jobs running on this instance until stopped; the
 * answer stops it (waiting for running jobs). One loop claims for all of
 * them: a claim that finds a job is followed at once by another while a slot
 * is free (eight workers polling each on their own once spent a seventh of an
 * end-to-end run's CPU on claims that found nothing).
 *
 * Idle, it sleeps until the next job falls due, at most `pollMs`, and wakes
 * sooner when it hears of work on JOBS_CHANNEL (a job queued anywhere, a
 * grouped job ended) or ends a job itself. The claim, a transaction under an
 * advisory lock, was the busiest statement of a loaded upstream when every
 * instance asked twice a second; now an idle instance asks once per `pollMs`
 * (a safety net for a notification lost while the listening connection was
 * down), and a busy one when there is work.
 */
export function startJobs(
  db: Db,
  storage: FileStorage,
  kinds: JobKinds,
  opts: RunnerOptions = {},
): () => Promise<void> {
  if (!Object.keys(kinds).length) return async () => {};
  const staleMs = opts.staleMs ?? STALE_AFTER_MS;
  const pollMs = opts.pollMs ?? 5_000;
  const concurrency = opts.concurrency ?? 4;
  let stopped = false;
  const running = new Set<Promise<void>>();
  // A wake that comes while the loop is claiming, not waiting, is kept for its next wait: the work it tells of
  // may have been queued after that claim looked.
  let woken = false;
  let wake = () => {
    woken = true;
  };
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        wake = () => {
          woken = true;
        };
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      wake = done;
    });
  // Without the database's notifications (they failed to start) the poll alone finds the work.
  const listening = opts
    .listen?.(
      JOBS_CHANNEL,
      () => wake(),
      () => wake(),
    )
    .catch(() => null);
  const loop = (async () => {
    while (!stopped) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      woken = false;
      const job = await claim(db, kinds, staleMs).catch(() => null);
      if (!job) {
        const due = await nextDueMs(db, kinds, staleMs).catch(() => null);
        // Due already yet not claimed: its group is full (its end wakes this) or another instance took it.
        await wait(due === null || due <= 0 ? pollMs : Math.min(pollMs, Math.ceil(due) + 5));
        continue;
      }
      const run: Promise<void> = runHandedOver(db, storage, kinds, job, staleMs, () => !stopped)
        .then(() => {})
        .catch(() => {})
        .finally(() => {
          running.delete(run);
          wake();
        });
      running.add(run);
    }
  })();
  return async () => {
    stopped = true;
    wake();
    await loop;
    await Promise.all(running);
    await (
      await listening
    )?.();
  };
}

/**
 * A job that runs a sweep of what is due by now (refunds and payments the
 * provider answers, queued for that moment) while each pass comes back with
 * a full batch, at most 20 passes: what is left waits for the next such job
 * or the sweep's own periodic run every SWEEP_NET_MS, the net for a job lost
 * with its instance. A failed pass (the database away) tries again.
 */
export function sweepJob(sweep: (db: Db) => Promise<number>, batch: number): JobKind<Record<string, never>> {
  return {
    async run(_payload, { db }) {
      for (let i = 0; i < 20 && (await sweep(db)) >= batch; i++);
    },
    retryAfter: (attempt) => (attempt < 5 ? 5_000 : null),
  };
}

/** How often a sweep run by `sweepJob`s also runs on its own, on every instance. */
export const SWEEP_NET_MS = 10_000;

/** Exponential back-off with ±20 % jitter: `base` · `factor`^(attempt−1), at most `cap`; null once `giveUpAfterMs` since the job was made has passed. */
export function backoff(opts: { baseMs: number; factor: number; capMs: number; giveUpAfterMs: number }) {
  return (attempt: number, createdAt: Date): number | null => {
    const delay =
      Math.min(opts.capMs, opts.baseMs * opts.factor ** Math.max(0, attempt - 1)) * (0.8 + Math.random() * 0.4);
    return Date.now() + delay - createdAt.getTime() > opts.giveUpAfterMs ? null : delay;
  };
}
