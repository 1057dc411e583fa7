/** Demo points at stations and malls of the three tenants. */
import type { DemoData } from '../manifest.js';
import type { PointKey, TenantKey } from '../demo-keys.js';
import { areaOf } from './regions.js';
import { points } from './schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type { PointKey } from '../demo-keys.js';

export const DEMO_POINTS: readonly {
  key: PointKey;
  tenant: TenantKey;
  name: string;
  areaCode: string;
  address: string;
  daysAgo: number;
}[] = [
  {
    key: 'hongqiao',
    tenant: 'A',
    name: '上海虹桥站 A 区',
    areaCode: '310112',
    address: '申虹路 1500 号虹桥火车站 B1 层 A 区',
    daysAgo: 120,
  },
  {
    key: 'peoplesSquare',
    tenant: 'A',
    name: '人民广场地铁站',
    areaCode: '310101',
    address: '人民大道 120 号地铁 1/2/8 号线换乘厅',
    daysAgo: 90,
  },
  {
    key: 'hangzhouEast',
    tenant: 'A',
    name: '杭州东站候车厅',
    areaCode: '330102',
    address: '天城路 1 号杭州东站二层候车厅',
    daysAgo: 60,
  },
  {
    key: 'xinjiekou',
    tenant: 'A',
    name: '南京新街口德基广场',
    areaCode: '320104',
    address: '中山路 18 号德基广场 B1 层',
    daysAgo: 30,
  },
  {
    key: 'xinghai',
    tenant: 'A1',
    name: '苏州星海广场',
    areaCode: '320571',
    address: '星海街 200 号星海广场 1 层',
    daysAgo: 45,
  },
  {
    key: 'guangzhouSouth',
    tenant: 'B',
    name: '广州南站 3 号候车室',
    areaCode: '440113',
    address: '石壁街道南站北路广州南站 3 号候车室',
    daysAgo: 100,
  },
  {
    key: 'shenzhenNorth',
    tenant: 'B',
    name: '深圳北站 B 出口',
    areaCode: '440309',
    address: '致远中路 28 号深圳北站 B 出口',
    daysAgo: 70,
  },
  {
    key: 'tianhe',
    tenant: 'B',
    name: '广州天河城购物中心',
    areaCode: '440106',
    address: '天河路 208 号天河城 2 层',
    daysAgo: 20,
  },
];

export const pointDemo: DemoData = {
  after: ['tenant'],
  async load({ tx, ids, now }) {
    for (const p of DEMO_POINTS) {
      const at = new Date(now - p.daysAgo * DAY_MS);
      const [row] = await tx
        .insert(points)
        .values({
          tenantId: ids.get('tenant', p.tenant),
          name: p.name,
          areaCode: p.areaCode,
          area: areaOf(p.areaCode)!,
          address: p.address,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: points.id });
      ids.set('point', p.key, row!.id);
    }
  },
};
