/**
 * An e-mail export across an upstream killed (SIGKILL) while it writes the
 * sheet: the job is taken again by the other instance once the dead one's
 * heartbeat is stale, finished there and mailed once; the export is never
 * `done` without its whole file, and that file holds every row.
 * PostgreSQL only (two processes, one database).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, gte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs, orders, seedOrders } from '../../../server/order/index.js';
import { databaseStorage } from '../../../server/storage/index.js';
import { postgresUrl, suiteApp } from '../helpers.js';
import { until, upstream, type Upstream } from '../upstreams.js';

describe.skipIf(!postgresUrl)('an e-mail export across an upstream killed mid-sheet', () => {
  const t = suiteApp(['tenant1']);
  let outbox: string;
  beforeAll(async () => {
    // Enough orders that the sheet takes a few seconds to write: the kill lands inside it.
    await seedOrders(t.db, { count: 30_000, days: 200, now: Date.now(), seed: 0.54 });
    outbox = await mkdtemp(join(tmpdir(), 'vend-fault-outbox-'));
  }, 120_000);
  afterAll(async () => {
    await rm(outbox, { recursive: true, force: true });
  });

  it('is finished by the other instance, mailed once, with every row', async () => {
    const from = new Date(Date.now() - 365 * 86_400_000);
    const env = { OUTBOX_DIR: outbox, JOBS_POLL_MS: '50', JOBS_STALE_MS: '1500' };
    let a: Upstream | undefined;
    let b: Upstream | undefined;
    try {
      a = await upstream(env);
      const asked = await t.ok(
        'order.exportMail',
        {
          body: {
            filter: { from: from.toISOString(), to: new Date().toISOString() },
            email: 'caiwu@huadong-vend.cn',
            lang: 'zh-CN',
          },
        },
        t.token.tenant1,
      );
      const state = async () => (await t.db.select().from(exportJobs).where(eq(exportJobs.id, asked.id)))[0]!;
      await until(async () => (await state()).state === 'running', 20_000);
      await a.kill();
      // Killed inside the sheet: not done, nothing mailed.
      expect((await state()).state).toBe('running');
      expect(await readdir(outbox)).toEqual([]);

      b = await upstream(env);
      await until(async () => {
        const now = await state();
        // Never done without its file.
        if (now.state === 'done') expect(now.fileId).not.toBeNull();
        return now.state === 'done';
      }, 60_000);
      const done = await state();
      const [expected] = await t.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.rootTenantId, t.ids.tenant('A')), gte(orders.createdAt, from)));
      expect(done.rows).toBeGreaterThan(1000);
      expect(done.attempts).toBeGreaterThanOrEqual(2);
      // The export is marked done, then its link is mailed (a failed mail puts it back on the queue): the mail
      // lands a moment after the state the wait above saw.
      await until(async () => (await readdir(outbox)).length > 0, 10_000);
      expect(await readdir(outbox)).toHaveLength(1);
      const bytes = await databaseStorage(t.db).get(done.fileId!);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.rowCount).toBe(done.rows! + 1);
      // tenant1 sees its second-level tenant's orders too: the root tenant's, every one of them in the sheet.
      expect(done.rows).toBe(expected!.n);
    } finally {
      await a?.kill();
      await b?.kill();
    }
  }, 180_000);
});
