/** A tenant's wallet settings: its own, else its parent's, else the defaults (a named prepaid card's). */
import { eq, sql } from 'drizzle-orm';
import { WALLET_LIMITS, type SpendOrder } from '../../shared/wallet/index.js';
import type { Queryable } from '../db/index.js';
import { tenants } from '../identity/schema.js';
import { walletSettings as s } from './schema.js';

export interface WalletSettings {
  spendOrder: SpendOrder;
  capFen: number;
}

export const DEFAULT_SETTINGS: WalletSettings = { spendOrder: 'bonusFirst', capFen: WALLET_LIMITS.capFen };

export async function settingsOf(db: Queryable, tenantId: number): Promise<WalletSettings> {
  const [row] = await db
    .select({ spendOrder: s.spendOrder, capFen: s.capFen })
    .from(tenants)
    .innerJoin(s, sql`${s.tenantId} = ${tenants.id} or ${s.tenantId} = ${tenants.parentId}`)
    .where(eq(tenants.id, tenantId))
    // Its own first.
    .orderBy(sql`${s.tenantId} = ${tenants.id} desc`)
    .limit(1);
  return row ?? DEFAULT_SETTINGS;
}
