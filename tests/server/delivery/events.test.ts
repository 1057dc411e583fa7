/**
 * What vend outcomes say to the console: the order's `delivery` event, a
 * channel locking itself announced once with a notification where the
 * device's fault switch is on, and a complaint's progress showing the
 * automatic refund of its order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LiveEvent } from '../../../shared/api/events.js';
import type { DeviceEvent } from '../../../shared/device/index.js';
import type { OrderEvent } from '../../../shared/order/index.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { publish } from '../../../server/http/events.js';
import { suiteApp, deviceBasic } from '../helpers.js';
import { openEvents, type EventStream } from '../support/events.js';

const SERIAL = 'VM2026000106';
const t = suiteApp(['tenant1']);
let stream: EventStream;
let saleNo = 0;

beforeAll(async () => {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stream = await openEvents(url, t.token.tenant1);
  await t.db
    .update(devices)
    .set({ online: true, locked: false, channelSalesLimit: 5 })
    .where(eq(devices.serial, SERIAL));
});
afterAll(async () => {
  stream.close();
});

let marks = 0;
/** Every event published before this call has been heard once it returns. */
async function settled() {
  const mark = ++marks;
  await publish(t.db, 'test', t.ids.tenant('A'), { mark });
  await stream.next((e) => e.topic === 'test' && (e.data as { mark: number }).mark === mark);
}
const locks = (channel: number) => (e: LiveEvent) =>
  e.topic === 'device' &&
  (e.data as DeviceEvent).kind === 'channelLocked' &&
  (e.data as DeviceEvent).channel === channel;

async function vend(channel: number, failure?: 'jam' | 'motor') {
  const saleId = `EV${++saleNo}`;
  const sold = await t.call(
    'order.sale',
    {
      body: {
        saleId,
        thirdPartyNumber: saleId,
        platform: 'wechat',
        paymentType: 'scan',
        items: [{ channel, count: 1 }],
      },
    },
    undefined,
    { authorization: deviceBasic(SERIAL) },
  );
  expect(sold.body.code).toBe(200);
  await t.call(
    'delivery.outcome',
    {
      body: { saleId, items: [failure ? { channel, outcome: 'failed', failure } : { channel, outcome: 'delivered' }] },
    },
    undefined,
    { authorization: deviceBasic(SERIAL) },
  );
  return sold.body.content.orderNumber as string;
}

describe('delivery.outcome', () => {
  it("announces the order's delivery, and a channel locking itself once, notified by the fault switch", async () => {
    for (const [channel, fault] of [
      [12, true],
      [13, false],
    ] as const) {
      const [device] = await t.db
        .select({ notifications: devices.notifications })
        .from(devices)
        .where(eq(devices.serial, SERIAL));
      await t.db
        .update(devices)
        .set({ notifications: { ...device!.notifications, fault } })
        .where(eq(devices.serial, SERIAL));
      await t.db
        .update(deviceChannels)
        .set({ stock: 10, locked: false, failStreak: 0, selfLockedAt: null })
        .where(and(eq(deviceChannels.deviceId, t.ids.device(SERIAL)), eq(deviceChannels.number, channel)));
      const from = stream.events.length;
      await vend(channel, 'jam');
      await vend(channel, 'motor');
      const last = await vend(channel, 'jam');
      await settled();
      const heard = stream.events.slice(from);
      expect(heard.filter(locks(channel)).map((e) => e.data as DeviceEvent)).toEqual([
        expect.objectContaining({ serial: SERIAL, count: 3, notify: fault }),
      ]);
      const deliveries = heard
        .filter((e) => e.topic === 'order' && (e.data as OrderEvent).kind === 'delivery')
        .map((e) => e.data as OrderEvent);
      expect(deliveries).toHaveLength(3);
      expect(deliveries.every((d) => d.kind === 'delivery' && d.state === 'allFailed' && d.autoRefund)).toBe(true);
      expect(last).toMatch(/^\d{20}$/);
    }
  });
});

describe('complaint.info', () => {
  it('shows the automatic refund of the complained-about order in its progress, by the platform', async () => {
    await t.db
      .update(deviceChannels)
      .set({ stock: 10, locked: false, failStreak: 0, selfLockedAt: null })
      .where(and(eq(deviceChannels.deviceId, t.ids.device(SERIAL)), eq(deviceChannels.number, 14)));
    const number = await vend(14, 'jam');
    const filed = await t.call(
      'complaint.submit',
      { body: { orderNumber: number, type: 'notDelivered', contact: '13912345678', description: '付了钱没出货' } },
      undefined,
      { authorization: deviceBasic(SERIAL) },
    );
    expect(filed.body.code).toBe(200);
    const page = await t.ok(
      'complaint.page',
      { query: { pageNum: 1, pageSize: 10 }, body: { number: filed.body.content.number } },
      t.token.tenant1,
    );
    const detail = await t.ok('complaint.info', { params: { id: page.list[0]!.id } }, t.token.tenant1);
    expect(detail.progress.map((p) => [p.role, p.action])).toEqual([
      ['platform', 'autoRefunded'],
      ['users', 'submitted'],
    ]);
    expect(detail.progress[0]!.content).toMatch(/^¥\d+\.\d{2} · /);
  });
});
