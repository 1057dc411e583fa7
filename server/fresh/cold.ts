/**
 * A fridge's temperature report (shared/fresh/cold.ts `fresh.temperatureReport`)
 * and the excursion it makes (shared/fresh/excursion.ts). The fridge's rows
 * are locked for the report (`lockFridge`), so two reports of one fridge
 * work its excursion out one after the other; a reading already stored for
 * its time is kept (the key: a report sent twice stores once).
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { COLD_LIMITS, DEFAULT_COLD_RULE, fromTenths, toTenths, type ColdRange } from '../../shared/fresh/cold.js';
import { excursionOf, type ExcursionSpan, type TenthsRange } from '../../shared/fresh/excursion.js';
import { JUMP, type TemperatureJumpDetail } from '../../shared/fresh/quarantine.js';
import type { Db, Queryable } from '../db/index.js';
import { deviceChannels, devices, publishDeviceEvent, setChannelLocks } from '../device/index.js';
import type { DeviceCaller } from '../http/principal.js';
import { RequestValidationError } from '../http/errors.js';
import { productCategories, products } from '../product/index.js';
import {
  freshColdRules as r,
  freshExcursions as x,
  freshFridges,
  freshQuarantine,
  freshTemperatures as t,
} from './schema.js';

export const DEFAULT_TENTHS: TenthsRange = {
  low: toTenths(DEFAULT_COLD_RULE.low),
  high: toTenths(DEFAULT_COLD_RULE.high),
  minutes: DEFAULT_COLD_RULE.minutes,
};

/** A range in tenths as the console reads it, in °C. */
export const toRange = (range: TenthsRange): ColdRange => ({
  low: fromTenths(range.low),
  high: fromTenths(range.high),
  minutes: range.minutes,
});

/**
 * A fridge's rows locked in the one order every writer of its excursions
 * takes them: the device's first, as every change of its channels takes it
 * (an excursion locks and unlocks channels), then the fridge's own — so its
 * reports, acknowledgements and held readings are worked out one at a time.
 * Answers the fridge's row, absent before its first report.
 */
export async function lockFridge(tx: Queryable, deviceId: number) {
  await tx.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId)).for('update');
  const [fridge] = await tx
    .select({ readAt: freshFridges.readAt })
    .from(freshFridges)
    .where(eq(freshFridges.deviceId, deviceId))
    .for('update');
  return fridge;
}

/**
 * The range each fridge is held to: the strictest rule of the perishable
 * goods in its channels (highest low, lowest high, fewest minutes) — each
 * product's category's rule, else its parent category's, else the tenant's
 * general one, else the default; a fridge with no perishable goods, the
 * general rule or the default.
 */
export async function rangesOf(
  db: Queryable,
  fridges: readonly { deviceId: number; tenantId: number | null }[],
): Promise<Map<number, TenthsRange>> {
  const out = new Map<number, TenthsRange>();
  const tenants = [...new Set(fridges.map((f) => f.tenantId).filter((id): id is number => id !== null))];
  // Two reads side by side: the board and a day's page ask for them with other reads.
  const [rules, goods] = await Promise.all([
    tenants.length
      ? db
          .select({ tenantId: r.tenantId, categoryId: r.categoryId, low: r.low, high: r.high, minutes: r.minutes })
          .from(r)
          .where(inArray(r.tenantId, tenants))
      : [],
    fridges.length
      ? db
          .selectDistinct({
            deviceId: deviceChannels.deviceId,
            categoryId: products.categoryId,
            parentId: productCategories.parentId,
          })
          .from(deviceChannels)
          .innerJoin(products, and(eq(products.id, deviceChannels.productId), eq(products.perishable, true)))
          .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
          .where(
            inArray(
              deviceChannels.deviceId,
              fridges.map((f) => f.deviceId),
            ),
          )
      : [],
  ]);
  const ruleOf = (tenantId: number | null, categoryId: number | null) =>
    rules.find((rule) => rule.tenantId === tenantId && rule.categoryId === categoryId);
  for (const f of fridges) {
    const general = ruleOf(f.tenantId, null) ?? DEFAULT_TENTHS;
    const own = goods
      .filter((g) => g.deviceId === f.deviceId)
      .map((g) => ruleOf(f.tenantId, g.categoryId) ?? ruleOf(f.tenantId, g.parentId) ?? general);
    const ranges = own.length ? own : [general];
    out.set(f.deviceId, {
      low: Math.max(...ranges.map((x) => x.low)),
      high: Math.min(...ranges.map((x) => x.high)),
      minutes: Math.min(...ranges.map((x) => x.minutes)),
    });
  }
  return out;
}

/** The fridge's channels of perishable goods. */
async function perishableChannels(db: Queryable, deviceId: number): Promise<number[]> {
  const rows = await db
    .select({ number: deviceChannels.number })
    .from(deviceChannels)
    .innerJoin(products, and(eq(products.id, deviceChannels.productId), eq(products.perishable, true)))
    .where(eq(deviceChannels.deviceId, deviceId))
    .orderBy(asc(deviceChannels.number));
  return rows.map((row) => row.number);
}

type Reported = { at: string; celsius: number }[];

/** The readings, checked against the clock (field errors), one per time (the first given wins). */
function checkReadings(readings: Reported, now: number): { at: Date; tenths: number }[] {
  const earliest = now - COLD_LIMITS.pastDays * 86_400_000;
  const latest = now + COLD_LIMITS.aheadMinutes * 60_000;
  const bad = readings.findIndex((reading) => {
    const at = Date.parse(reading.at);
    return at < earliest || at > latest;
  });
  if (bad >= 0) throw new RequestValidationError({ [`readings.${bad}.at`]: 'fresh.validation.readingTime' });
  const byTime = new Map<number, number>();
  for (const reading of readings) {
    const at = Date.parse(reading.at);
    if (!byTime.has(at)) byTime.set(at, toTenths(reading.celsius));
  }
  return [...byTime].sort((a, b) => a[0] - b[0]).map(([at, tenths]) => ({ at: new Date(at), tenths }));
}

export async function reportTemperatures(db: Db, caller: DeviceCaller, readings: Reported) {
  const given = checkReadings(readings, Date.now());
  return db.transaction(async (tx) => {
    const fridge = await lockFridge(tx, caller.id);
    // A fridge in the pool has no tenant to hold a reading for: its readings are stored as they come.
    const { accepted, held } =
      caller.tenantId === null ? { accepted: given, held: [] } : await sortJumps(tx, caller.id, given);
    if (held.length)
      await tx
        .insert(freshQuarantine)
        .values(
          held.map((h) => ({
            tenantId: caller.tenantId!,
            deviceId: caller.id,
            kind: 'temperatureJump' as const,
            detail: h,
          })),
        )
        .onConflictDoNothing();
    const stored = accepted.length
      ? await tx
          .insert(t)
          .values(accepted.map((g) => ({ deviceId: caller.id, at: g.at, tenths: g.tenths })))
          .onConflictDoNothing()
          .returning({ at: t.at })
      : [];
    // The newest reading taken, on the fridge's row (made at its first report).
    const last = accepted[accepted.length - 1];
    if (last && !fridge)
      await tx.insert(freshFridges).values({ deviceId: caller.id, readAt: last.at, tenths: last.tenths });
    else if (last && last.at >= fridge!.readAt)
      await tx
        .update(freshFridges)
        .set({ readAt: last.at, tenths: last.tenths })
        .where(eq(freshFridges.deviceId, caller.id));
    const excursion =
      caller.tenantId === null
        ? null
        : await followExcursion(tx, caller.id, caller.tenantId, (accepted[0] ?? given[0]!).at);
    return { stored: stored.length, held: held.length, excursion };
  });
}

type Reading = { at: Date; tenths: number };

/**
 * The readings that jump (JUMP: 20 °C from the reading before them within a
 * minute — the last stored before the report, or the last taken of it) held
 * apart from those taken; a held one is not what the next is compared with.
 */
async function sortJumps(tx: Queryable, deviceId: number, given: readonly Reading[]) {
  const [before] = await tx
    .select({ at: t.at, tenths: t.tenths })
    .from(t)
    .where(and(eq(t.deviceId, deviceId), lt(t.at, given[0]!.at)))
    .orderBy(desc(t.at))
    .limit(1);
  let previous: Reading | undefined = before;
  const accepted: Reading[] = [];
  const held: TemperatureJumpDetail[] = [];
  for (const g of given) {
    if (
      previous &&
      g.at.getTime() - previous.at.getTime() <= JUMP.windowMs &&
      Math.abs(g.tenths - previous.tenths) >= toTenths(JUMP.celsius)
    ) {
      held.push({
        at: g.at.toISOString(),
        celsius: fromTenths(g.tenths),
        previousAt: previous.at.toISOString(),
        previousCelsius: fromTenths(previous.tenths),
      });
      continue;
    }
    accepted.push(g);
    previous = g;
  }
  return { accepted, held };
}

/**
 * Works out the fridge's excursion after readings from `since` on: opens one
 * (locking its perishable channels), carries the open one on. The caller
 * holds the fridge's row.
 */
export async function followExcursion(tx: Queryable, deviceId: number, tenantId: number, since: Date) {
  const [open] = await tx
    .select()
    .from(x)
    .where(and(eq(x.deviceId, deviceId), isNull(x.acknowledgedAt)));
  const range = open
    ? { low: open.low, high: open.high, minutes: open.minutes }
    : (await rangesOf(tx, [{ deviceId, tenantId }])).get(deviceId)!;
  // Enough readings before the first new one to see a run that began before it; a day at most of an open one's.
  const from = open
    ? new Date(Math.max(open.startedAt.getTime(), since.getTime() - 86_400_000))
    : new Date(since.getTime() - (range.minutes + 1) * 60_000);
  // What the fridge's other excursions covered breaks a run: a late report of older readings must not open an
  // acknowledged excursion again, join a run across one, nor carry the open one on through a later one.
  const taken = await tx
    .select({ from: x.startedAt, to: x.endedAt })
    .from(x)
    .where(
      and(
        eq(x.deviceId, deviceId),
        open ? sql`${x.id} <> ${open.id}` : undefined,
        sql`coalesce(${x.endedAt}, now()) >= ${from.toISOString()}::timestamptz`,
      ),
    );
  const readings = await tx
    .select({ at: t.at, tenths: t.tenths })
    .from(t)
    .where(and(eq(t.deviceId, deviceId), gte(t.at, from)))
    .orderBy(asc(t.at));
  const was: ExcursionSpan | null = open
    ? { startedAt: open.startedAt.getTime(), peak: open.peak, endedAt: open.endedAt?.getTime() ?? null }
    : null;
  const within = (at: Date) => taken.some((e) => at >= e.from && (e.to === null || at <= e.to));
  const span = excursionOf(
    readings.map((reading) => ({ at: reading.at.getTime(), tenths: within(reading.at) ? range.low : reading.tenths })),
    range,
    was,
  );
  if (!span) return null;
  const endedAt = span.endedAt === null ? null : new Date(span.endedAt);
  const state = endedAt === null ? ('ongoing' as const) : ('awaiting' as const);
  if (open) {
    await tx.update(x).set({ peak: span.peak, endedAt }).where(eq(x.id, open.id));
    return { id: open.id, state };
  }
  const channels = await setChannelLocks(tx, deviceId, await perishableChannels(tx, deviceId), true);
  const [made] = await tx
    .insert(x)
    .values({ tenantId, deviceId, startedAt: new Date(span.startedAt), endedAt, peak: span.peak, ...range, channels })
    .returning({ id: x.id });
  await publishDeviceEvent(tx, deviceId, 'temperatureExcursion', {
    count: channels.length,
    celsius: fromTenths(span.peak),
  });
  return { id: made!.id, state };
}
