/**
 * A member's phone is proven before it counts (server/member/phone.ts): a
 * code sent through the SMS sandbox to the outbox folder, or WeChat's
 * phone-number grant; five minutes and five tries a code, one a minute and
 * ten a day a number and a member; one number one member per tenant; and a
 * customer group takes only a proven number.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { PHONE_CODE } from '../../../shared/member/index.js';
import { setSandboxes } from '../../../server/manifest.js';
import { members, sandboxPhoneGrant, sandboxSms } from '../../../server/member/index.js';
import { phoneCodes } from '../../../server/member/schema.js';
import { suiteApp } from '../helpers.js';
import { memberSession, provePhone } from './support.js';

const t = suiteApp(['tenant1']);
const A = () => t.ids.tenant('A');
const before = process.env.OUTBOX_DIR;
beforeAll(() => {
  process.env.OUTBOX_DIR = mkdtempSync(join(tmpdir(), 'vend-sms-'));
});
afterAll(() => {
  if (before === undefined) delete process.env.OUTBOX_DIR;
  else process.env.OUTBOX_DIR = before;
});
afterEach(() => setSandboxes(true));

let numbers = 0;
/** A number no other test of the run uses. */
const newPhone = () =>
  `137${(process.pid % 10_000).toString().padStart(4, '0')}${(++numbers).toString().padStart(4, '0')}`;

const send = (token: string, phone: string) => t.call('member.sendPhoneCode', { body: { phone } }, token);
const verify = (token: string, phone: string, code: string) =>
  t.call('member.verifyPhone', { body: { phone, code } }, token);
const wrong = (code: string) => ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');

describe('member.sendPhoneCode: a phone proven by SMS', () => {
  it('is the member’s once the code sent to it comes back, within its five minutes, once', async () => {
    const { token } = await memberSession(t, A());
    const phone = newPhone();
    const sent = await send(token, phone);
    expect(sent.body.code).toBe(CODE.ok);
    const { expiresAt, resendAt } = sent.body.content as { expiresAt: string; resendAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan((PHONE_CODE.minutes - 1) * 60_000);
    expect(Date.parse(resendAt)).toBeLessThan(Date.parse(expiresAt));
    const code = (await sandboxSms.lastCode(phone))!;
    expect(code).toMatch(/^\d{6}$/);
    const profile = await verify(token, phone, code);
    expect(profile.body.content).toMatchObject({ phone, phoneVerified: true });
    expect((await verify(token, phone, code)).body.code).toBe(CODE.phoneCodeExpired);
  });

  it('takes five tries: each wrong one is 2401, and then even the right code is 2402', async () => {
    const { token } = await memberSession(t, A());
    const phone = newPhone();
    await send(token, phone);
    const code = (await sandboxSms.lastCode(phone))!;
    // In parallel: the tries are counted under the code's row lock, so five wrong ones use it up exactly.
    const answers = await Promise.all(
      Array.from({ length: PHONE_CODE.tries }, () => verify(token, phone, wrong(code))),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(PHONE_CODE.tries).fill(CODE.phoneCodeWrong));
    expect((await verify(token, phone, code)).body.code).toBe(CODE.phoneCodeExpired);
    expect((await t.ok('member.me', {}, token)).phone).toBeNull();
  });

  it('expires after five minutes, and a code for another number or another member does not work', async () => {
    const { token } = await memberSession(t, A());
    const other = await memberSession(t, A());
    const phone = newPhone();
    await send(token, phone);
    const code = (await sandboxSms.lastCode(phone))!;
    expect((await verify(token, newPhone(), code)).body.code).toBe(CODE.phoneCodeExpired);
    expect((await verify(other.token, phone, code)).body.code).toBe(CODE.phoneCodeExpired);
    await t.db
      .update(phoneCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(phoneCodes.phone, phone));
    expect((await verify(token, phone, code)).body.code).toBe(CODE.phoneCodeExpired);
  });

  it('is sent once a minute, even to ten asking at once, and ten times a day per number and per member', async () => {
    const { token } = await memberSession(t, A());
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(token, phone)));
    expect(answers.filter((a) => a.body.code === CODE.ok)).toHaveLength(1);
    const refused = answers.filter((a) => a.body.code !== CODE.ok);
    expect(new Set(refused.map((a) => a.body.code))).toEqual(new Set([CODE.phoneCodeTooOften]));
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // Another member asking for the same number within the minute is refused too: the limit is the number's.
    const other = await memberSession(t, A());
    expect((await send(other.token, phone)).body.code).toBe(CODE.phoneCodeTooOften);
    // Nine more sent earlier today (over a minute apart): the number has had its ten.
    const [sentRow] = await t.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    await t.db
      .update(phoneCodes)
      .set({ sentAt: sql`now() - interval '2 hours'` })
      .where(eq(phoneCodes.phone, phone));
    const { id: _id, ...row } = sentRow!;
    await t.db.insert(phoneCodes).values(
      Array.from({ length: PHONE_CODE.perDay - 1 }, (_, i) => ({
        ...row,
        sentAt: new Date(Date.now() - (i + 3) * 3_600_000),
      })),
    );
    expect((await send(other.token, phone)).body.code).toBe(CODE.phoneCodeTooOften);
    // The member too: ten to other numbers in the day, and an eleventh to a new one is refused.
    const busy = await memberSession(t, A());
    await t.db.insert(phoneCodes).values(
      Array.from({ length: PHONE_CODE.perDay }, (_, i) => ({
        ...row,
        memberId: busy.member.id,
        phone: newPhone(),
        sentAt: new Date(Date.now() - (i + 2) * 600_000),
      })),
    );
    expect((await send(busy.token, newPhone())).body.code).toBe(CODE.phoneCodeTooOften);
    expect((await send(other.token, newPhone())).body.code).toBe(CODE.ok);
  });
});

describe('member.verifyPhone: one phone, one member, per tenant', () => {
  it('refuses a number another member of the tenant holds (2405), by code or grant, and at once to two racing', async () => {
    const first = await memberSession(t, A());
    const second = await memberSession(t, A());
    const phone = newPhone();
    await provePhone(t, first.token, phone);
    expect((await send(second.token, phone)).body.code).toBe(CODE.phoneHeld);
    const grant = await t.call('member.verifyPhone', { body: { grant: sandboxPhoneGrant(phone) } }, second.token);
    expect(grant.body.code).toBe(CODE.phoneHeld);
    // Proving it again is no change for its holder.
    expect((await provePhone(t, first.token, phone)).phone).toBe(phone);

    const racing = await Promise.all(Array.from({ length: 4 }, () => memberSession(t, A())));
    const contested = newPhone();
    const answers = await Promise.all(
      racing.map((r) => t.call('member.verifyPhone', { body: { grant: sandboxPhoneGrant(contested) } }, r.token)),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual(
      [CODE.ok, CODE.phoneHeld, CODE.phoneHeld, CODE.phoneHeld].sort(),
    );
    const holders = await t.db.select({ id: members.id }).from(members).where(eq(members.phone, contested));
    expect(holders).toHaveLength(1);
  });

  it('lets a member of another tenant hold the same number, and a grant works once', async () => {
    const phone = newPhone();
    const here = await memberSession(t, A());
    const there = await memberSession(t, t.ids.tenant('B'));
    await provePhone(t, here.token, phone);
    const grant = sandboxPhoneGrant(phone);
    expect((await t.ok('member.verifyPhone', { body: { grant } }, there.token)).phoneVerified).toBe(true);
    expect((await t.call('member.verifyPhone', { body: { grant } }, there.token)).body.code).toBe(CODE.wechatCodeUsed);
  });
});

describe('a customer group', () => {
  it('takes a proven phone, never one only stated (held from before verification)', async () => {
    const stated = await memberSession(t, A());
    const phone = newPhone();
    await t.db.update(members).set({ phone }).where(eq(members.id, stated.member.id));
    const group = await t.ok(
      'group.create',
      {
        body: {
          name: `验证测试${process.pid}-${++numbers}`,
          definition: '手机号验证测试',
          identifier: 'phone',
          importMethod: 'preImport',
          review: false,
        } as never,
      },
      t.token.tenant1,
    );
    const added = await t.ok(
      'group.addMembers',
      { params: { id: group.id }, body: { identifiers: [phone] } },
      t.token.tenant1,
    );
    expect(added).toMatchObject({ added: 1, claimed: 0 });
    // Once its holder proves it, the group takes it.
    await provePhone(t, stated.token, phone);
    const list = await t.ok('group.members', { params: { id: group.id }, query: {}, body: {} }, t.token.tenant1);
    expect(list.list[0]).toMatchObject({ identifier: phone, state: 'activated', memberId: stated.member.id });
  });
});

describe('with the sandboxes off (production)', () => {
  it('sends no code (2404) and takes no minted grant (701)', async () => {
    const { token } = await memberSession(t, A());
    setSandboxes(false);
    expect((await send(token, newPhone())).body.code).toBe(CODE.smsUnavailable);
    const grant = await t.call('member.verifyPhone', { body: { grant: sandboxPhoneGrant(newPhone()) } }, token);
    expect(grant.body.code).toBe(CODE.wechatCodeInvalid);
  });
});
