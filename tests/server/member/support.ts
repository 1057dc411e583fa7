/** What the member tests share: a person's sign-in through the sandbox, and a sale at a machine naming a member. */
import { and, eq, sql } from 'drizzle-orm';
import type { ApiInput } from '../../../shared/domains.js';
import { devices } from '../../../server/device/index.js';
import { deviceChannels } from '../../../server/device/schema.js';
import { sandboxCode, sandboxPhoneGrant } from '../../../server/member/index.js';
import { refunds, settleDueRefunds } from '../../../server/refund/index.js';
import { deviceBasic, type TestApp } from '../helpers.js';

let people = 0;
/** A new person of the suite (an openid no one used). */
export const newPerson = (prefix = 'person') => `${prefix}-${process.pid}-${++people}`;

/** Signs `openid` in to a tenant's mini-program: the member's session token and profile. */
export async function memberSession(t: TestApp, tenantId: number, openid = newPerson(), extra: object = {}) {
  const answer = await t.ok('member.signIn', { body: { tenantId, code: sandboxCode(openid), ...extra } });
  return { token: answer.token, member: answer.member, openid };
}

/** The member proves `phone` through WeChat's phone-number grant (the sandbox's): its profile. */
export const provePhone = (t: TestApp, token: string, phone: string) =>
  t.ok('member.verifyPhone', { body: { grant: sandboxPhoneGrant(phone) } }, token);

let sales = 0;
type Sale = ApiInput<'order.sale'>['body'];
/** A sale at a demo machine (channel 1, once), as the machine reports it. */
export const sell = (t: TestApp, serial: string, sale: Partial<Sale> = {}) =>
  t.call(
    'order.sale',
    {
      body: {
        saleId: `M${process.pid}-${++sales}`,
        thirdPartyNumber: `4200003026${sales}`,
        platform: 'wechat',
        paymentType: 'scan',
        items: [{ channel: 1, count: 1 }],
        ...sale,
      },
    },
    undefined,
    { authorization: deviceBasic(serial) },
  );

/** Fills a machine's channel 1 (¥12.50, 50 items) and lets a sale take five of it, ten in all. */
export async function stock(t: TestApp, serial: string) {
  await t.db.update(devices).set({ channelSalesLimit: 5, orderLimit: 10 }).where(eq(devices.serial, serial));
  await t.db
    .update(deviceChannels)
    .set({ stock: 50, price: 1250, enabled: true, locked: false })
    .where(and(eq(deviceChannels.deviceId, t.ids.device(serial)), eq(deviceChannels.number, 1)));
}

/** The sandbox provider answers an order's pending refunds now, not a minute after they were asked. */
export async function settleNow(t: TestApp, orderId: number) {
  await t.db
    .update(refunds)
    .set({ settleAt: sql`now()` })
    .where(eq(refunds.orderId, orderId));
  await settleDueRefunds(t.db);
}
