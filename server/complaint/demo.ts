/**
 * The demo's complaints: a few about recent orders of each first-level
 * tenant, at every stage — just filed, answered, refunded and completed —
 * with their progress logs, hours and days old so relative times read well.
 */
import { BUSINESS_ZONE } from '../db/sql.js';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DemoData } from '../manifest.js';
import { orders } from '../order/index.js';
import { complaintProgress, complaints } from './schema.js';

const HOUR_MS = 3600_000;

type Step = {
  role: 'users' | 'operations' | 'merchants' | 'platform';
  action: 'submitted' | 'replied' | 'refunded' | 'closed';
  actor: string;
  content: string;
  hoursAgo: number;
};
interface DemoComplaint {
  tenant: 'A' | 'B';
  type: 'notDelivered' | 'wrongItem' | 'quality' | 'payment' | 'other';
  status: 'pending' | 'inProgress' | 'completed';
  contact: string;
  description: string;
  steps: readonly Step[];
}

const COMPLAINTS: readonly DemoComplaint[] = [
  {
    tenant: 'A',
    type: 'notDelivered',
    status: 'pending',
    contact: '13861205021',
    description: '扫码付款成功，但饮料没有掉下来。',
    steps: [],
  },
  {
    tenant: 'A',
    type: 'payment',
    status: 'pending',
    contact: '15962187733',
    description: '同一笔订单被扣了两次钱，请核实。',
    steps: [],
  },
  {
    tenant: 'A',
    type: 'wrongItem',
    status: 'inProgress',
    contact: '17751320915',
    description: '买的是可乐，出来的是雪碧。',
    steps: [
      {
        role: 'merchants',
        action: 'replied',
        actor: '华东智售科技有限公司',
        content: '您好，已安排补货员核查货道，稍后为您处理。',
        hoursAgo: 2,
      },
    ],
  },
  {
    tenant: 'A',
    type: 'quality',
    status: 'completed',
    contact: '18616052468',
    description: '面包已经过期了。',
    steps: [
      {
        role: 'operations',
        action: 'replied',
        actor: '运营专员 李明',
        content: '已下架该批次面包，并通知供应商。',
        hoursAgo: 30,
      },
      {
        role: 'merchants',
        action: 'closed',
        actor: '华东智售科技有限公司',
        content: '已与顾客电话沟通并致歉，顾客表示满意。',
        hoursAgo: 26,
      },
    ],
  },
  {
    tenant: 'B',
    type: 'notDelivered',
    status: 'pending',
    contact: '13585128890',
    description: '咖啡机显示制作失败，钱已扣。',
    steps: [],
  },
  {
    tenant: 'B',
    type: 'other',
    status: 'completed',
    contact: '13162184402',
    description: '机器屏幕太暗，看不清价格。',
    steps: [{ role: 'platform', action: 'closed', actor: '', content: '已联系厂家调整屏幕亮度。', hoursAgo: 50 }],
  },
];

export const complaintDemo: DemoData = {
  after: ['order'],
  load: async ({ tx, now, ids }) => {
    let k = 0;
    for (const c of COMPLAINTS) {
      const filedHoursAgo = 3 + (k + 1) * 12;
      // An order from before the complaint: the customer complains about what it bought.
      const [order] = await tx
        .select({ id: orders.id, tenantId: orders.tenantId, deviceId: orders.deviceId })
        .from(orders)
        .where(
          and(
            eq(orders.tenantId, ids.get('tenant', c.tenant)),
            eq(orders.paymentState, 'success'),
            eq(orders.kind, 'sale'),
            eq(orders.refundState, 'none'),
            lt(orders.createdAt, new Date(now - (filedHoursAgo + 1) * HOUR_MS)),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .offset(k++ * 3)
        .limit(1);
      if (!order) continue;
      const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS);
      const filed = at(filedHoursAgo).toISOString();
      const [made] = await tx
        .insert(complaints)
        .values({
          // Numbered by when it was filed, as a real one is.
          number: sql`'TS' || to_char(${filed}::timestamptz at time zone ${BUSINESS_ZONE}, 'YYYYMMDDHH24MI') || to_char(nextval('complaint_number_seq') % 10000, 'FM0000')`,
          tenantId: order.tenantId,
          orderId: order.id,
          deviceId: order.deviceId,
          type: c.type,
          status: c.status,
          contact: c.contact,
          description: c.description,
          createdAt: at(filedHoursAgo),
          updatedAt: at(c.steps.at(-1)?.hoursAgo ?? filedHoursAgo),
        })
        .returning({ id: complaints.id });
      await tx.insert(complaintProgress).values([
        {
          complaintId: made!.id,
          role: 'users' as const,
          action: 'submitted' as const,
          actor: c.contact,
          content: c.description,
          createdAt: at(filedHoursAgo),
        },
        ...c.steps.map((s) => ({
          complaintId: made!.id,
          role: s.role,
          action: s.action,
          actor: s.actor,
          content: s.content,
          createdAt: at(Math.min(s.hoursAgo, filedHoursAgo - 1)),
        })),
      ]);
    }
  },
};
