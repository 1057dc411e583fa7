/**
 * The job runner (server/jobs): two runners racing take each job once; a
 * failed attempt waits as its kind says and a kind that gives up is told; a
 * running job whose instance fell silent is taken again; a group runs no more
 * than its limit at once; a running instance asks for work once per poll
 * however many jobs it may run, runs that many at once, and stopped waits for
 * them; told of work by the database, an idle instance does not wait for its
 * poll; a grouped job's end hands its place to the next of its group.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backoff, enqueue, jobs, runDueJobs, startJobs, type JobKind } from '../../../server/jobs/index.js';
import type { Db } from '../../../server/db/index.js';
import { databaseStorage } from '../../../server/storage/index.js';
import { createTestApp } from '../helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every claim is one transaction: a database that counts them and delegates everything else. */
function countingClaims(db: Db): { counted: Db; claims: () => number } {
  let claims = 0;
  const counted = Object.create(db) as Db;
  counted.transaction = ((...args: Parameters<Db['transaction']>) => {
    claims++;
    return db.transaction(...args);
  }) as Db['transaction'];
  return { counted, claims: () => claims };
}
/** The flaky kind's wait before its second attempt. */
const RETRY_MS = 1_000;

describe('server/jobs', () => {
  it('runs each job once under two racing runners, retries a failure after its wait, tells a kind that gives up', async () => {
    const t = await createTestApp({ demoData: false });
    try {
      const storage = databaseStorage(t.db);
      const ran: number[] = [];
      const failed: string[] = [];
      const kinds = {
        ok: {
          retryAfter: () => null,
          run: async (p: { n: number }) => {
            ran.push(p.n);
            await sleep(2);
          },
        } satisfies JobKind<{ n: number }>,
        flaky: {
          // Long enough that both runners finish the other forty first on a loaded machine (at 30 ms a CI run took it twice).
          retryAfter: (attempt) => (attempt < 2 ? RETRY_MS : null),
          run: async () => {
            throw new Error('receiver down');
          },
          failed: async (_p, error) => {
            failed.push(error);
          },
        } satisfies JobKind,
      };
      for (let n = 0; n < 40; n++) await enqueue(t.db, 'ok', { n });
      await enqueue(t.db, 'flaky', {});
      const taken = await Promise.all([
        runDueJobs(t.db, storage, kinds, { concurrency: 3 }),
        runDueJobs(t.db, storage, kinds, { concurrency: 3 }),
      ]);
      expect(taken[0] + taken[1]).toBe(41);
      expect(ran.sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
      const [waiting] = await t.db.select().from(jobs);
      expect(waiting).toMatchObject({ kind: 'flaky', state: 'queued', attempts: 1, lastError: 'receiver down' });
      expect(await runDueJobs(t.db, storage, kinds)).toBe(0);
      await sleep(RETRY_MS + 50);
      expect(await runDueJobs(t.db, storage, kinds)).toBe(1);
      expect(failed).toEqual(['receiver down']);
      expect(await t.db.select().from(jobs)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('takes a running job again once its instance fell silent; runs a group at most its limit at once', async () => {
    const t = await createTestApp({ demoData: false });
    try {
      const storage = databaseStorage(t.db);
      let running = 0;
      let most = 0;
      const kinds = {
        slow: {
          groupLimit: 2,
          retryAfter: () => null,
          run: async () => {
            running++;
            most = Math.max(most, running);
            await sleep(20);
            running--;
          },
        } satisfies JobKind,
      };
      const lost = await enqueue(t.db, 'slow', {});
      await t.db.execute(
        sql`update jobs set state = 'running', heartbeat_at = now() - interval '10 minutes' where id = ${lost}`,
      );
      for (let i = 0; i < 8; i++) await enqueue(t.db, 'slow', {}, { group: 'tenant:1' });
      expect(await runDueJobs(t.db, storage, kinds, { concurrency: 6 })).toBe(9);
      expect(most).toBeLessThanOrEqual(3);
      expect(most).toBeGreaterThanOrEqual(2);
    } finally {
      await t.close();
    }
  });

  it('looks for work once per poll when idle, runs as many jobs at once as allowed, and stopped waits for them', async () => {
    const t = await createTestApp({ demoData: false });
    let stop = async () => {};
    try {
      const { counted, claims } = countingClaims(t.db);
      let running = 0;
      let most = 0;
      let done = 0;
      let open = () => {};
      const gate = new Promise<void>((resolve) => (open = resolve));
      const kinds = {
        gated: {
          retryAfter: () => null,
          run: async () => {
            running++;
            most = Math.max(most, running);
            await gate;
            await sleep(30);
            running--;
            done++;
          },
        } satisfies JobKind,
        slow: {
          retryAfter: () => null,
          run: async () => {
            slow = 'started';
            await sleep(300);
            slow = 'finished';
          },
        } satisfies JobKind,
      };
      let slow = 'queued';
      stop = startJobs(counted, databaseStorage(t.db), kinds, { concurrency: 8, pollMs: 50 });
      await sleep(500);
      // Ten polls in 500 ms (fewer on a busy machine); eight workers polling each would have made about eighty.
      expect(claims()).toBeGreaterThanOrEqual(2);
      expect(claims()).toBeLessThanOrEqual(12);
      for (let i = 0; i < 12; i++) await enqueue(t.db, 'gated', {});
      await expect.poll(() => running, { timeout: 5_000 }).toBe(8);
      await sleep(200);
      expect(most).toBe(8);
      open();
      await expect.poll(() => done, { timeout: 5_000 }).toBe(12);
      await enqueue(t.db, 'slow', {});
      await expect.poll(() => slow, { timeout: 5_000, interval: 10 }).toBe('started');
      await stop();
      stop = async () => {};
      expect(slow).toBe('finished');
      expect(most).toBe(8);
      expect(await t.db.select().from(jobs)).toEqual([]);
    } finally {
      await stop();
      await t.close();
    }
  });

  it('idle with a long poll, hears of a job queued, wakes when a delayed job falls due and when its group has room', async () => {
    const t = await createTestApp({ demoData: false });
    let stop = async () => {};
    try {
      const { counted, claims } = countingClaims(t.db);
      const started: Record<string, number> = {};
      const kinds = {
        quick: {
          retryAfter: () => null,
          run: async (p: { name: string }) => {
            started[p.name] = Date.now();
          },
        } satisfies JobKind<{ name: string }>,
        grouped: {
          groupLimit: 1,
          retryAfter: () => null,
          run: async (p: { name: string }) => {
            started[p.name] = Date.now();
            await sleep(300);
          },
        } satisfies JobKind<{ name: string }>,
      };
      // A poll of a minute: everything below runs because the runner is told, never because it looked again.
      stop = startJobs(counted, databaseStorage(t.db), kinds, {
        concurrency: 4,
        pollMs: 60_000,
        listen: t.database.listen,
      });
      await sleep(300);
      const idle = claims();
      await sleep(700);
      expect(claims()).toBe(idle);

      const queued = Date.now();
      await enqueue(t.db, 'quick', { name: 'now' });
      await expect.poll(() => started.now, { timeout: 3_000, interval: 20 }).toBeDefined();
      expect(started.now! - queued).toBeLessThan(2_000);

      const due = Date.now() + 600;
      await enqueue(t.db, 'quick', { name: 'later' }, { runAt: new Date(due) });
      await expect.poll(() => started.later, { timeout: 3_000, interval: 20 }).toBeDefined();
      expect(started.later!).toBeGreaterThanOrEqual(due - 50);

      await enqueue(t.db, 'grouped', { name: 'first' }, { group: 'tenant:1' });
      await enqueue(t.db, 'grouped', { name: 'second' }, { group: 'tenant:1' });
      await expect.poll(() => started.second, { timeout: 3_000, interval: 20 }).toBeDefined();
      expect(started.second! - started.first!).toBeGreaterThanOrEqual(290);
      await stop();
      stop = async () => {};
      expect(await t.db.select().from(jobs)).toEqual([]);
    } finally {
      await stop();
      await t.close();
    }
  });

  it("hands a finished grouped job's place to the next of its group: within the limit under two runners, fewer claims, other groups not kept waiting", async () => {
    const t = await createTestApp({ demoData: false });
    const stops: (() => Promise<void>)[] = [];
    try {
      const { counted, claims } = countingClaims(t.db);
      const running: Record<string, number> = {};
      const most: Record<string, number> = {};
      const order: string[] = [];
      const kinds = {
        send: {
          groupLimit: 2,
          retryAfter: () => null,
          run: async (p: { group: string }) => {
            running[p.group] = (running[p.group] ?? 0) + 1;
            most[p.group] = Math.max(most[p.group] ?? 0, running[p.group]!);
            order.push(p.group);
            await sleep(2);
            running[p.group]!--;
          },
        } satisfies JobKind<{ group: string }>,
      };
      for (let i = 0; i < 150; i++) await enqueue(t.db, 'send', { group: 'a' }, { group: 'tenant:a' });
      await enqueue(t.db, 'send', { group: 'b' }, { group: 'tenant:b' });
      // Two instances on one database, each with room for more than the group allows.
      for (let i = 0; i < 2; i++)
        stops.push(startJobs(counted, databaseStorage(t.db), kinds, { concurrency: 4, pollMs: 50 }));
      await expect.poll(() => order.length, { timeout: 20_000, interval: 20 }).toBe(151);
      expect(most.a).toBeLessThanOrEqual(2);
      expect(most.a).toBeGreaterThanOrEqual(1);
      // Group b's one job, queued behind 150 of a's, is not left until a's queue is empty: a slot hands over at most
      // fifty jobs in a row before every group claims again.
      expect(order.indexOf('b')).toBeLessThan(140);
      // Claims and hand-overs are both transactions. Claiming after every job made two or more per job (the claim,
      // and another woken by the group's end that found it full again: 302 here); handed over, about one per job.
      expect(claims()).toBeLessThan(1.5 * 151);
      // The last jobs began (counted above) and end a moment later.
      await expect.poll(async () => (await t.db.select().from(jobs)).length, { timeout: 5_000 }).toBe(0);
    } finally {
      for (const stop of stops) await stop();
      await t.close();
    }
  });

  it('backs off exponentially with jitter and gives up after its time', () => {
    const wait = backoff({ baseMs: 1000, factor: 3, capMs: 20_000, giveUpAfterMs: 60_000 });
    const now = new Date();
    expect(wait(1, now)).toBeGreaterThanOrEqual(800);
    expect(wait(1, now)).toBeLessThanOrEqual(1200);
    expect(wait(3, now)).toBeGreaterThanOrEqual(7200);
    expect(wait(9, now)).toBeLessThanOrEqual(24_000);
    expect(wait(1, new Date(Date.now() - 61_000))).toBeNull();
  });
});
