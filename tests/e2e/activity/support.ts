/**
 * What the activity e2e tests share: the Hongqiao drinks machine, a channel
 * of it that can sell, a person signed in to tenant A's mini-program, and a
 * sale there by digital RMB — the platform no other file pays with, so an
 * activity restricted to it prices these tests' sales alone.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { catalogues } from '../../../shared/domains.js';
import { demoSecret } from '../../../server/device/credentials.js';
import { sandboxCode, sandboxPhoneGrant } from '../../../server/member/wechat.js';
import { bridgeCall, upstreamUrl } from '../support.js';

export const SERIAL = 'VM2026000101';
const upstream = upstreamUrl();
const machine = { authorization: `Basic ${Buffer.from(`${SERIAL}:${demoSecret(SERIAL)}`).toString('base64')}` };

export interface Channel {
  number: number;
  stock: number;
  enabled: boolean;
  locked: boolean;
  productId: number | null;
  productName: string | null;
  price: number | null;
}

/**
 * The machine's id, and a channel with stock, a product and a price of at
 * least ¥2 — the `skip`-th such product: each test prices a product of its
 * own, so tests running side by side never price each other's sales.
 */
export async function sellingChannel(page: Page, skip = 0): Promise<{ deviceId: number; channel: Channel }> {
  const devices = await bridgeCall(page.request, 'device.page', { query: {}, body: { keyword: SERIAL } });
  const deviceId = (devices.content as { list: { id: number }[] }).list[0]!.id;
  const channels = (await bridgeCall(page.request, 'device.channels', { params: { id: deviceId } }))
    .content as Channel[];
  const fit = channels
    .filter((c) => c.enabled && !c.locked && c.stock >= 4 && c.productName && (c.price ?? 0) >= 200)
    .filter((c, i, all) => all.findIndex((d) => d.productId === c.productId) === i);
  return { deviceId, channel: fit[skip]! };
}

/** Tenant A's id, as the signed-in tenant1 sees it. */
export async function tenantOf(page: Page): Promise<number> {
  return ((await bridgeCall(page.request, 'account.info', undefined)).content as { tenantId: number }).tenantId;
}

let people = 0;
/** A person signs in to the tenant's mini-program (proving a phone if given): the member's id. */
export async function person(request: APIRequestContext, tenantId: number, phone?: string): Promise<number> {
  const signIn = await request.post(`${upstream}/member-api/v1/sign-in`, {
    data: { tenantId, code: sandboxCode(`e2e-activity-${process.pid}-${Date.now()}-${++people}`) },
  });
  expect(signIn.status()).toBe(200);
  const { token, member } = ((await signIn.json()) as { content: { token: string; member: { id: number } } }).content;
  if (phone) {
    // Proven through WeChat's phone-number grant (the sandbox's): a customer group takes only a proven phone.
    const proven = await request.post(`${upstream}/member-api/v1/phone`, {
      headers: { authorization: `Bearer ${token}` },
      data: { grant: sandboxPhoneGrant(phone) },
    });
    expect(proven.status()).toBe(200);
  }
  return member.id;
}

let sales = 0;
/** One unit of the channel sold by digital RMB (to a member if given, with the sale's `extra` fields): the order's number and amount. */
export async function sellOne(request: APIRequestContext, channel: number, memberId?: number, extra: object = {}) {
  expect((await request.post(`${upstream}/device-api/v1/heartbeat`, { headers: machine, data: {} })).status()).toBe(
    200,
  );
  const stamp = `${Date.now()}${++sales}`;
  const sale = await request.post(`${upstream}/device-api/v1/sale`, {
    headers: machine,
    data: {
      saleId: `e2e-activity-${stamp}`,
      thirdPartyNumber: `4200009${stamp}`,
      platform: 'digitalRmb',
      paymentType: 'scan',
      items: [{ channel, count: 1 }],
      ...(memberId === undefined ? {} : { memberId }),
      ...extra,
    },
  });
  expect(sale.status(), await sale.text()).toBe(200);
  return ((await sale.json()) as { content: { orderNumber: string; amount: number } }).content;
}

/** An instant as the console's business time text (China time, UTC+8). */
export function businessText(ms: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const d = new Date(ms + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * The open activity form's common part: its name and tag, a start two minutes
 * ago, this file's machine and one product (found by typing its name in the picker).
 */
export async function fillActivityBasics(page: Page, basics: { name: string; tag: string; productName: string }) {
  await page.getByTestId('activity-form-name').fill(basics.name);
  await page.getByTestId('activity-form-tag').fill(basics.tag);
  await page.getByLabel(catalogues.en.activity.startAt).fill(businessText(Date.now() - 120_000));
  await page.getByTestId('activity-form-devices').click();
  await page.getByRole('menuitemcheckbox', { name: new RegExp(SERIAL) }).click();
  await page.keyboard.press('Escape');
  // Typing filters the list; each option reads "name (code · price)".
  await page.getByTestId('activity-form-products').fill(basics.productName);
  const named = new RegExp(`^${basics.productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`);
  await page.getByRole('menuitemcheckbox', { name: named }).click();
  await page.keyboard.press('Escape');
}
