/** The member-facing sign-in through the WeChat sandbox (701–706), the member's profile and its session. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../shared/domains.js';
import { tenants } from '../../../server/identity/schema.js';
import { members, sandboxCode } from '../../../server/member/index.js';
import { suiteApp } from '../helpers.js';
import { memberSession, newPerson } from './support.js';

const t = suiteApp(['tenant1']);
const A = () => t.ids.tenant('A');
const signIn = (body: object) => t.call('member.signIn', { body: { tenantId: A(), ...body } as never });

describe('member.signIn', () => {
  it("makes the member at a person's first sign-in, finds it at the next, registered where they scanned", async () => {
    const openid = newPerson();
    const first = await t.ok('member.signIn', {
      body: { tenantId: A(), code: sandboxCode(openid, { nickname: '小雨' }), deviceSerial: 'VM2026000101' },
    });
    expect(first).toMatchObject({
      created: true,
      member: { nickname: '小雨', tenantId: A(), cardName: '华东智售会员卡', points: 0, state: 'normal' },
    });
    expect(first.member.cardNumber).toMatch(/^8\d{9}$/);
    const [row] = await t.db.select().from(members).where(eq(members.id, first.member.id));
    expect(row!.registeredAddress).toContain('虹桥');
    const again = await t.ok('member.signIn', { body: { tenantId: A(), code: sandboxCode(openid) } });
    expect(again).toMatchObject({ created: false, member: { id: first.member.id } });
    expect(again.token).not.toBe(first.token);
  });

  it('refuses a code that is not one (701), an old one (702) and one used already (703)', async () => {
    expect((await signIn({ code: 'not-a-code' })).body.code).toBe(CODE.wechatCodeInvalid);
    const forged = sandboxCode(newPerson()).replace(/\.[^.]+$/, '.AAAA');
    expect((await signIn({ code: forged })).body.code).toBe(CODE.wechatCodeInvalid);
    const old = sandboxCode(newPerson(), { issuedAt: new Date(Date.now() - 6 * 60_000) });
    expect((await signIn({ code: old })).body.code).toBe(CODE.wechatCodeExpired);
    const code = sandboxCode(newPerson());
    expect((await signIn({ code })).body.code).toBe(CODE.ok);
    expect((await signIn({ code })).body.code).toBe(CODE.wechatCodeUsed);
  });

  it('uses a code once under parallel sign-ins, and makes one member of parallel first sign-ins', async () => {
    const code = sandboxCode(newPerson());
    const answers = await Promise.all(Array.from({ length: 8 }, () => signIn({ code })));
    expect(answers.filter((a) => a.body.code === CODE.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === CODE.wechatCodeUsed)).toHaveLength(7);
    const openid = newPerson();
    const firsts = await Promise.all(Array.from({ length: 8 }, () => signIn({ code: sandboxCode(openid) })));
    expect(firsts.every((a) => a.body.code === CODE.ok)).toBe(true);
    expect(new Set(firsts.map((a) => a.body.content.member.id)).size).toBe(1);
    expect(firsts.filter((a) => a.body.content.created)).toHaveLength(1);
  });

  it('refuses a tenant without a member programme (705) and a blocked member (704)', async () => {
    expect((await signIn({ tenantId: t.ids.tenant('A1'), code: sandboxCode(newPerson()) })).body.code).toBe(
      CODE.memberProgrammeOff,
    );
    expect((await signIn({ tenantId: 999_999, code: sandboxCode(newPerson()) })).body.code).toBe(
      CODE.memberProgrammeOff,
    );
    const { member, openid, token } = await memberSession(t, A());
    await t.ok('member.setState', { params: { id: member.id }, body: { state: 'blocked' } }, t.token.tenant1);
    expect((await signIn({ code: sandboxCode(openid) })).body.code).toBe(CODE.memberBlocked);
    // Blocking ended the session it had.
    expect(await t.code('member.me', {}, token)).toBe(CODE.memberSessionInvalid);
    await t.ok('member.setState', { params: { id: member.id }, body: { state: 'normal' } }, t.token.tenant1);
    expect((await signIn({ code: sandboxCode(openid) })).body.code).toBe(CODE.ok);
  });

  it('drops an invitation from a member of another tenant, keeps one of its own', async () => {
    const inviter = await memberSession(t, A());
    const invited = await memberSession(t, A(), newPerson(), { inviterId: inviter.member.id });
    const foreign = await memberSession(t, t.ids.tenant('B'));
    const stray = await memberSession(t, A(), newPerson(), { inviterId: foreign.member.id });
    const rows = await t.db.select({ id: members.id, inviterId: members.inviterId }).from(members);
    expect(rows.find((r) => r.id === invited.member.id)!.inviterId).toBe(inviter.member.id);
    expect(rows.find((r) => r.id === stray.member.id)!.inviterId).toBeNull();
  });
});

describe('member.me', () => {
  it('answers the member of the session; none, a made-up or an ended one is 706', async () => {
    const { token, member } = await memberSession(t, A());
    expect((await t.ok('member.me', {}, token)).id).toBe(member.id);
    expect(await t.code('member.me', {}, undefined)).toBe(CODE.memberSessionInvalid);
    expect(await t.code('member.me', {}, 'made-up')).toBe(CODE.memberSessionInvalid);
    // A console user's token is no member session, and a member's token opens no console operation.
    expect(await t.code('member.me', {}, t.token.tenant1)).toBe(CODE.memberSessionInvalid);
    expect(await t.code('member.page', { query: {}, body: {} }, token)).toBe(CODE.tokenInvalid);
  });
});

describe('member.updateMe', () => {
  it('keeps the nickname and birthday; a bad birthday is a field error, and a phone is not stated here but proven', async () => {
    const { token } = await memberSession(t, A());
    const saved = await t.ok('member.updateMe', { body: { nickname: '晨跑的阿杰', birthday: '1996-02-29' } }, token);
    expect(saved).toMatchObject({ nickname: '晨跑的阿杰', phone: null, phoneVerified: false, birthday: '1996-02-29' });
    const bad = await t.call('member.updateMe', { body: { birthday: '1997-02-29' } }, token);
    expect(bad.body.content.fields).toEqual({ birthday: 'member.validation.birthday' });
    const stated = await t.call('member.updateMe', { body: { phone: '13761209999' } as object }, token);
    expect(stated.body.code).toBe(CODE.badRequest);
    expect((await t.ok('member.me', {}, token)).phone).toBeNull();
    expect((await t.ok('member.updateMe', { body: {} }, token)).nickname).toBe('晨跑的阿杰');
  });
});

describe('member.signOut', () => {
  it('ends this session only', async () => {
    const one = await memberSession(t, A());
    const other = await t.ok('member.signIn', { body: { tenantId: A(), code: sandboxCode(one.openid) } });
    await t.ok('member.signOut', {}, one.token);
    expect(await t.code('member.me', {}, one.token)).toBe(CODE.memberSessionInvalid);
    expect(await t.code('member.me', {}, other.token)).toBe(CODE.ok);
  });
});

describe('the member programme switch', () => {
  it('refuses sign-ins once the tenant switches members off', async () => {
    const B = t.ids.tenant('B');
    await t.db.update(tenants).set({ membersEnabled: false }).where(eq(tenants.id, B));
    try {
      expect((await signIn({ tenantId: B, code: sandboxCode(newPerson()) })).body.code).toBe(CODE.memberProgrammeOff);
    } finally {
      await t.db.update(tenants).set({ membersEnabled: true }).where(eq(tenants.id, B));
    }
  });
});
