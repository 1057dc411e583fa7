/** Demo custom roles: an operator of tenant A (dashboard, device list, point list), an order clerk of A (6-1: the order list, staff orders and the failed-vend review) and a cataloguer of B (dashboard, old product library). */
import type { PowerCode } from '../../shared/roles.js';
import type { DemoData } from '../manifest.js';
import type { RoleKey, TenantKey } from '../demo-keys.js';
import { roles } from '../identity/schema.js';

export type { RoleKey } from '../demo-keys.js';

export const DEMO_ROLES: readonly {
  key: RoleKey;
  tenant: TenantKey;
  name: string;
  description: string;
  powers: readonly PowerCode[];
}[] = [
  {
    key: 'operator',
    tenant: 'A',
    name: '运营专员',
    description: '首页、设备列表、点位列表',
    powers: ['1-1', '2-1', '3-1'],
  },
  {
    key: 'orderClerk',
    tenant: 'A',
    name: '订单专员',
    description: '订单列表（含员工订单与出货失败审核）',
    powers: ['6-1'],
  },
  { key: 'cataloguer', tenant: 'B', name: '商品专员', description: '首页、旧版商品库与分类', powers: ['1-1', '5-1'] },
];

export const staffDemo: DemoData = {
  after: ['tenant'],
  async load({ tx, ids }) {
    for (const r of DEMO_ROLES) {
      const [row] = await tx
        .insert(roles)
        .values({
          tenantId: ids.get('tenant', r.tenant),
          name: r.name,
          description: r.description,
          powers: [...r.powers],
        })
        .returning({ id: roles.id });
      ids.set('staff', r.key, row!.id);
    }
  },
};
