/**
 * A tenant's wallet settings (spend order, cap) and its top-up bonus tiers:
 * its own, else its parent's, else the defaults (a named prepaid card's).
 * Tier sets are dated: the set in force on a day is the latest whose day has
 * come; one in force is never changed.
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { businessDay } from '../../shared/business-time.js';
import {
  WALLET_LIMITS,
  type SpendOrder,
  type TierSet,
  type TopUpTier,
  type WalletSettingsInfo,
} from '../../shared/wallet/index.js';
import type { Queryable } from '../db/index.js';
import { RequestValidationError } from '../http/errors.js';
import { tenants } from '../identity/schema.js';
import { walletSettings as s, walletTierSets as ts } from './schema.js';

export interface WalletSettings {
  spendOrder: SpendOrder;
  capFen: number;
  /** Points worth ¥1 when points pay at the machines (lane `points` of the pricing engine); null: they do not. */
  pointsPerYuan: number | null;
  /** The most of a basket points may pay, in percent. */
  pointsMaxPercent: number;
}

export const DEFAULT_SETTINGS: WalletSettings = {
  spendOrder: 'bonusFirst',
  capFen: WALLET_LIMITS.capFen,
  pointsPerYuan: null,
  pointsMaxPercent: WALLET_LIMITS.pointsMaxPercent,
};

/** The tenant and its parent (a first-level tenant has none), the tenant first. */
async function lineOf(db: Queryable, tenantId: number): Promise<number[]> {
  const [row] = await db.select({ parentId: tenants.parentId }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.parentId ? [tenantId, row.parentId] : [tenantId];
}

async function settingsWithOwner(db: Queryable, tenantId: number) {
  for (const owner of await lineOf(db, tenantId)) {
    const [row] = await db
      .select({
        spendOrder: s.spendOrder,
        capFen: s.capFen,
        pointsPerYuan: s.pointsPerYuan,
        pointsMaxPercent: s.pointsMaxPercent,
      })
      .from(s)
      .where(eq(s.tenantId, owner));
    if (row) return { ...row, owner };
  }
  return { ...DEFAULT_SETTINGS, owner: null };
}

export async function settingsOf(db: Queryable, tenantId: number): Promise<WalletSettings> {
  const { owner: _, ...settings } = await settingsWithOwner(db, tenantId);
  return settings;
}

/** The tier sets of whoever sets them for the tenant (it, else its parent): the one in force on `day` and those to come. */
async function tierSetsOf(db: Queryable, tenantId: number, day: string) {
  for (const owner of await lineOf(db, tenantId)) {
    const [current] = await db
      .select({ fromDay: ts.fromDay, tiers: ts.tiers })
      .from(ts)
      .where(and(eq(ts.tenantId, owner), lte(ts.fromDay, day)))
      .orderBy(desc(ts.fromDay))
      .limit(1);
    const coming = await db
      .select({ fromDay: ts.fromDay, tiers: ts.tiers })
      .from(ts)
      .where(and(eq(ts.tenantId, owner), gt(ts.fromDay, day)))
      .orderBy(asc(ts.fromDay));
    if (current || coming.length) return { sets: [...(current ? [current] : []), ...coming], owner };
  }
  return { sets: [] as TierSet[], owner: null };
}

/** The tiers a top-up made on `day` is priced by (none: no bonus). */
export async function tiersOn(db: Queryable, tenantId: number, day: string): Promise<TopUpTier[]> {
  const { sets } = await tierSetsOf(db, tenantId, day);
  return sets[0] && sets[0].fromDay <= day ? sets[0].tiers : [];
}

export async function settingsInfo(db: Queryable, tenantId: number, day = businessDay()): Promise<WalletSettingsInfo> {
  const settings = await settingsWithOwner(db, tenantId);
  const tiers = await tierSetsOf(db, tenantId, day);
  return {
    tenantId,
    spendOrder: settings.spendOrder,
    capFen: settings.capFen,
    pointsPerYuan: settings.pointsPerYuan,
    pointsMaxPercent: settings.pointsMaxPercent,
    inherited: settings.owner !== tenantId,
    tierSets: tiers.sets,
    tiersInherited: tiers.owner !== null && tiers.owner !== tenantId,
  };
}

export async function saveSettings(db: Queryable, tenantId: number, input: WalletSettings) {
  await db
    .insert(s)
    .values({ tenantId, ...input })
    .onConflictDoUpdate({ target: s.tenantId, set: { ...input, updatedAt: sql`now()` } });
  return settingsInfo(db, tenantId);
}

/**
 * The tenant's tiers from `fromDay` on: today or later, and never a set
 * already in force (a field error, with nothing changed); a set to come is
 * replaced.
 */
export async function setTiers(db: Queryable, tenantId: number, userId: number, input: TierSet, today = businessDay()) {
  if (input.fromDay < today) throw new RequestValidationError({ fromDay: 'wallet.validation.pastDay' });
  const tiers = [...input.tiers].sort((a, b) => a.pay - b.pay);
  const written = await db
    .insert(ts)
    .values({ tenantId, fromDay: input.fromDay, tiers, createdBy: userId })
    .onConflictDoUpdate({
      target: [ts.tenantId, ts.fromDay],
      set: { tiers, createdBy: userId, createdAt: sql`now()` },
      // A set whose day has come is in force: the guard keeps it (and says so below).
      setWhere: gt(ts.fromDay, today),
    })
    .returning({ fromDay: ts.fromDay });
  if (!written.length) throw new RequestValidationError({ fromDay: 'wallet.validation.inForce' });
  return settingsInfo(db, tenantId, today);
}
