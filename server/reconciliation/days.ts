/**
 * Which bills are fetched, when, and from where.
 *
 * Every hour each upstream instance asks whether the day before is queued;
 * past 10:00 China time (the platforms publish the day's bill by then) the
 * first to ask inserts a `waiting` day for each tenant and platform — the
 * unique (tenant, platform, day) index decides, so each bill is queued once —
 * with a fetch job for each, run by whichever instance claims it. A fetch
 * that fails (the platform down) is retried by the job runner with a growing
 * wait; the day stays `waiting`, saying why.
 *
 * Fetched, the file is kept as the platform gave it (file storage, by its
 * hash), read, and matched (match.ts). A file that does not parse, or a bill
 * of another merchant, is a state of the day with no line matched.
 *
 * Where the sandboxes are off, each tenant with payment settings of its own
 * has a day of each platform its settings name, downloaded through that
 * platform's adapter (server/payment). Where they are on (the demo, the
 * end-to-end suite), the sandbox stands in for the platforms: each
 * first-level tenant's bills of both platforms, written in the platforms' own
 * formats from the console's own payments and refunds of the day
 * (sandbox.ts) — so the demo's differences are the ones its data is given.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { addDays, businessDay, businessHour } from '../../shared/business-time.js';
import { RECON_PLATFORMS, type ReconPlatform } from '../../shared/reconciliation/index.js';
import type { Db, Queryable } from '../db/index.js';
import { tenants } from '../identity/schema.js';
import { backoff, enqueue, type JobKind } from '../jobs/index.js';
import { sandboxesOn } from '../manifest.js';
import { paymentSettings, providerFor, type BillFile } from '../payment/index.js';
import type { FileStorage } from '../storage/index.js';
import { readAlipayBill, readWechatBill, UnreadableBill, type ReadBill } from './formats.js';
import { matchDay } from './match.js';
import { sandboxBill, type Alter } from './sandbox.js';
import { reconDays } from './schema.js';

export const FETCH_JOB = 'reconciliation.fetch';
/** The hour (China time) after which the day before's bills are there to fetch. */
const FETCH_AFTER_HOUR = 10;

/** Queues the day before's bills once (whichever instance asks first past the hour); answers how many. */
export async function queueDays(db: Db, now = Date.now()): Promise<number> {
  if (businessHour(now) < FETCH_AFTER_HOUR) return 0;
  return queueDay(db, addDays(businessDay(now), -1));
}

/** Whose bills of which platforms a day has: the sandbox's (every first-level tenant) or the merchants'. */
async function billOwners(db: Queryable): Promise<{ tenantId: number; platform: ReconPlatform; source: string }[]> {
  if (sandboxesOn()) {
    const owners = await db.select({ id: tenants.id }).from(tenants).where(isNull(tenants.parentId));
    return owners.flatMap((o) => RECON_PLATFORMS.map((platform) => ({ tenantId: o.id, platform, source: 'sandbox' })));
  }
  const settings = await db
    .select({ tenantId: paymentSettings.tenantId, plain: paymentSettings.plain })
    .from(paymentSettings);
  return settings.flatMap((s) =>
    RECON_PLATFORMS.filter((p) => s.plain[p] !== undefined).map((platform) => ({
      tenantId: s.tenantId,
      platform,
      source: 'platform',
    })),
  );
}

/** Queues a day's bills, each with its fetch job; answers how many were new. */
export async function queueDay(db: Db, day: string): Promise<number> {
  return db.transaction(async (tx) => {
    const owners = await billOwners(tx);
    if (owners.length === 0) return 0;
    const made = await tx
      .insert(reconDays)
      .values(owners.map((o) => ({ ...o, day, state: 'waiting' as const })))
      .onConflictDoNothing()
      .returning({ id: reconDays.id });
    for (const { id } of made) await enqueue(tx, FETCH_JOB, { dayId: id });
    return made.length;
  });
}

/** The bill's owner and the second-level tenants without payment settings of their own, whose orders pay into it. */
export async function tenantsOfBill(db: Queryable, ownerId: number): Promise<number[]> {
  const children = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      and(
        eq(tenants.parentId, ownerId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(paymentSettings)
            .where(eq(paymentSettings.tenantId, tenants.id)),
        ),
      ),
    );
  return [ownerId, ...children.map((c) => c.id)];
}

/** The bill file of a day, as its source gives it: null when the platform has none for the day. */
async function download(
  db: Db,
  day: typeof reconDays.$inferSelect,
  tenantIds: readonly number[],
  alter?: Alter,
): Promise<BillFile | null> {
  if (day.source === 'sandbox') return sandboxBill(db, { platform: day.platform, day: day.day, tenantIds }, alter);
  const provider = await providerFor(db, day.tenantId, day.platform);
  if (!provider) throw new Error('NO_PROVIDER: the payment settings name no usable credentials for the platform');
  await db.update(reconDays).set({ source: provider.name }).where(eq(reconDays.id, day.id));
  return provider.downloadBill(day.day);
}

const readBill = (platform: ReconPlatform, bytes: Buffer): Promise<ReadBill> =>
  platform === 'wechat' ? Promise.resolve(readWechatBill(bytes)) : readAlipayBill(bytes);

/**
 * Fetches, keeps and matches one waiting day. A failure to fetch is thrown (the job runner retries it); what
 * comes of the file is the day's state.
 */
export async function fetchDay(db: Db, storage: FileStorage, dayId: number, alter?: Alter): Promise<void> {
  const [day] = await db.select().from(reconDays).where(eq(reconDays.id, dayId));
  if (day?.state !== 'waiting') return;
  const tenantIds = await tenantsOfBill(db, day.tenantId);
  let file: BillFile | null;
  try {
    file = await download(db, day, tenantIds, alter);
  } catch (e) {
    await db
      .update(reconDays)
      .set({ attempts: sql`${reconDays.attempts} + 1`, error: e instanceof Error ? e.message.slice(0, 200) : 'failed' })
      .where(eq(reconDays.id, dayId));
    throw e;
  }
  await keepAndMatch(db, storage, day, tenantIds, file);
}

/**
 * A fetched day's file (none: the platform has no bill for the day) kept, read and matched; a file that does not
 * parse or names another merchant is the day's state, with nothing matched.
 */
export async function keepAndMatch(
  db: Db,
  storage: FileStorage,
  day: typeof reconDays.$inferSelect,
  tenantIds: readonly number[],
  file: BillFile | null,
): Promise<void> {
  const dayId = day.id;
  const settle = (set: Partial<typeof reconDays.$inferInsert>) =>
    db
      .update(reconDays)
      .set({ fetchedAt: sql`now()`, ...set })
      .where(and(eq(reconDays.id, dayId), eq(reconDays.state, 'waiting')));
  if (!file) return void (await settle({ state: 'noBill', error: null }));
  const fileId = createHash('sha256').update(file.bytes).digest('hex');
  await storage.put(fileId, file.bytes);
  await settle({ fileId, fileName: file.name });
  let read: ReadBill;
  try {
    read = await readBill(day.platform, file.bytes);
  } catch (e) {
    if (!(e instanceof UnreadableBill)) throw e;
    return void (await settle({ state: 'unreadable', error: e.message }));
  }
  const expected = file.merchantId;
  if (expected !== null && read.merchantId !== null && read.merchantId !== expected)
    return void (await settle({ state: 'otherMerchant', error: read.merchantId }));
  await matchDay(db, { dayId, ownerId: day.tenantId, tenantIds, platform: day.platform, day: day.day }, read.lines);
}

export const fetchJob: JobKind<{ dayId: number }> = {
  run: ({ dayId }, { db, storage }) => fetchDay(db, storage, dayId),
  // A platform down for a while: tried again for a day, the wait growing.
  retryAfter: backoff({ baseMs: 60_000, factor: 2, capMs: 3_600_000, giveUpAfterMs: 24 * 3_600_000 }),
};
