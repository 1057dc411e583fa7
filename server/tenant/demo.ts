/** Demo distributors: two first-level tenants, one with a second-level tenant. */
import type { DemoData } from '../manifest.js';
import type { TenantKey } from '../demo-keys.js';
import { tenants } from '../identity/schema.js';

export type { TenantKey } from '../demo-keys.js';

/** The first-level tenants run member programmes (server/member): A's points live a year, B's never expire. */
const PROGRAMMES: Partial<Record<TenantKey, { memberCardName: string; pointsExpiryMonths: number }>> = {
  A: { memberCardName: '华东智售会员卡', pointsExpiryMonths: 12 },
  B: { memberCardName: '华南智慧零售会员', pointsExpiryMonths: 0 },
};

export const DEMO_TENANTS: readonly { key: TenantKey; name: string; contact: string; parent: TenantKey | null }[] = [
  { key: 'A', name: '华东智售科技有限公司', contact: '13800138001', parent: null },
  { key: 'A1', name: '苏州地铁零售有限公司', contact: '13800138011', parent: 'A' },
  { key: 'B', name: '华南智慧零售有限公司', contact: '13900139002', parent: null },
];

export const tenantDemo: DemoData = {
  after: [],
  async load({ tx, ids }) {
    for (const t of DEMO_TENANTS) {
      const [row] = await tx
        .insert(tenants)
        .values({
          name: t.name,
          contact: t.contact,
          parentId: t.parent ? ids.get('tenant', t.parent) : null,
          ...(PROGRAMMES[t.key] ? { ...PROGRAMMES[t.key], membersEnabled: true, pointsEnabled: true } : {}),
        })
        .returning({ id: tenants.id });
      ids.set('tenant', t.key, row!.id);
    }
  },
};
