/**
 * Demo revenue shares, tenant A's: the metro company hosts People's Square,
 * the railway group hosts Hongqiao and Hangzhou East, the mall hosts
 * Xinjiekou; each with a rule of its kind from three months ago, and its
 * second-level tenant A1 paid a percentage of its machines' net. Last
 * month is closed by the upstream's hourly chore (closes.ts), as drafts.
 */
import { addDays, businessDay, monthStart } from '../../shared/business-time.js';
import type { DemoData } from '../manifest.js';
import { DEMO_POINTS, type PointKey } from '../point/index.js';
import { shareHosts, sharePointHosts, shareRules } from './schema.js';

const DAY = 86_400_000;

const HOSTS: { name: string; contact: string; phone: string; points: PointKey[] }[] = [
  { name: '上海申通地铁集团', contact: '王经理', phone: '13916600001', points: ['peoplesSquare'] },
  { name: '中国铁路上海局集团', contact: '陈主任', phone: '13916600002', points: ['hongqiao', 'hangzhouEast'] },
  { name: '南京德基广场', contact: '刘经理', phone: '13916600003', points: ['xinjiekou'] },
];

export const shareDemo: DemoData = {
  after: ['tenant', 'account', 'point'],
  async load({ tx, ids, now }) {
    const tenantId = ids.get('tenant', 'A');
    const createdBy = ids.get('account', 'tenant1');
    const from = monthStart(addDays(monthStart(businessDay(now)), -80));
    const hostIds: number[] = [];
    for (const h of HOSTS) {
      const [host] = await tx
        .insert(shareHosts)
        .values({ tenantId, name: h.name, contact: h.contact, phone: h.phone })
        .returning({ id: shareHosts.id });
      hostIds.push(host!.id);
      for (const key of h.points) {
        const point = DEMO_POINTS.find((p) => p.key === key)!;
        await tx.insert(sharePointHosts).values({
          pointId: ids.get('point', key),
          fromDay: businessDay(now - point.daysAgo * DAY),
          hostId: host!.id,
          tenantId,
        });
      }
    }
    const [metro, railway, mall] = hostIds as [number, number, number];
    await tx.insert(shareRules).values([
      // 5 % up to ¥20 000 a month, 7 % above.
      {
        tenantId,
        subject: 'host',
        subjectId: metro,
        fromMonth: from,
        kind: 'percent',
        tiers: [
          { upTo: 2_000_000, rate: 500 },
          { upTo: null, rate: 700 },
        ],
        createdBy,
      },
      // 8 %, but at least ¥1 500 a month.
      {
        tenantId,
        subject: 'host',
        subjectId: railway,
        fromMonth: from,
        kind: 'greater',
        tiers: [{ upTo: null, rate: 800 }],
        rent: 150_000,
        createdBy,
      },
      // Hangzhou East pays its own fixed rent of ¥800.
      {
        tenantId,
        subject: 'point',
        subjectId: ids.get('point', 'hangzhouEast'),
        fromMonth: from,
        kind: 'rent',
        rent: 80_000,
        createdBy,
      },
      {
        tenantId,
        subject: 'host',
        subjectId: mall,
        fromMonth: from,
        kind: 'percent',
        tiers: [{ upTo: null, rate: 1_000 }],
        createdBy,
      },
      // The second-level tenant keeps 85 % of its machines' net.
      {
        tenantId,
        subject: 'tenant',
        subjectId: ids.get('tenant', 'A1'),
        fromMonth: from,
        kind: 'percent',
        tiers: [{ upTo: null, rate: 8_500 }],
        createdBy,
      },
    ]);
  },
};
