/** Employee info (the sign-in fallback of members) and the member password change. */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { DEMO_PASSWORD, suiteApp } from '../helpers.js';

const t = suiteApp([]);

describe('staff.info', () => {
  it('gives a member its own record, employee id being its user id', async () => {
    const userId = t.ids.user('member1');
    const info = await t.ok('staff.info', { body: { userId } }, await t.signIn('member1'));
    expect(info).toEqual({
      employeeId: userId,
      userId,
      username: 'member1',
      name: '李明',
      tenantId: t.ids.tenant('A'),
      powers: expect.any(Array),
    });
    expect(info.powers.sort()).toEqual(['1-1', '2-1', '3-1']);
  });

  it('gives a member without a role an empty set of powers (read by its tenant: such a member gets no token)', async () => {
    const userId = t.ids.user('member2');
    expect((await t.ok('staff.info', { body: { userId } }, await t.signIn('tenant1'))).powers).toEqual([]);
  });

  it("refuses a member another member's record (404)", async () => {
    const res = await t.call('staff.info', { body: { userId: t.ids.user('member2') } }, await t.signIn('member1'));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(CODE.notFound);
  });

  it('lets the system admin and the owning tenant read employees, not another tenant', async () => {
    const userId = t.ids.user('member1');
    expect((await t.ok('staff.info', { body: { userId } }, await t.signIn('admin'))).username).toBe('member1');
    expect((await t.ok('staff.info', { body: { userId } }, await t.signIn('tenant1'))).username).toBe('member1');
    for (const who of ['tenant2', 'tenant11', 'enterprise1']) {
      expect(await t.code('staff.info', { body: { userId } }, await t.signIn(who)), who).toBe(CODE.notFound);
    }
  });

  it('answers 404 for accounts that are not employees', async () => {
    const res = await t.call('staff.info', { body: { userId: t.ids.user('tenant1') } }, await t.signIn('admin'));
    expect(res.body.code).toBe(CODE.notFound);
  });
});

describe('staff.password', () => {
  it('refuses a wrong old password when one is given (1514)', async () => {
    const token = await t.signIn('member4');
    const res = await t.call(
      'staff.password',
      { body: { oldPassword: 'wrong', password: 'Next@2026', employeeId: t.ids.user('member4') } },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(CODE.wrongOldPassword);
  });

  it('changes the password without the old one (spec §5) and with the right one', async () => {
    const employeeId = t.ids.user('member4');
    await t.ok('staff.password', { body: { password: 'Next@2026', employeeId } }, await t.signIn('member4'));
    const token = await t.signIn('member4', 'Next@2026');
    await t.ok('staff.password', { body: { oldPassword: 'Next@2026', password: DEMO_PASSWORD, employeeId } }, token);
    await t.signIn('member4', DEMO_PASSWORD);
  });

  it("refuses changing another employee's password", async () => {
    const res = await t.call(
      'staff.password',
      { body: { password: 'Hacked@1', employeeId: t.ids.user('member4') } },
      await t.signIn('member1'),
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(CODE.forbidden);
    await t.signIn('member4', DEMO_PASSWORD);
  });

  it('is refused to non-members (403)', async () => {
    const res = await t.call(
      'staff.password',
      { body: { password: 'Next@2026', employeeId: t.ids.user('tenant1') } },
      await t.signIn('tenant1'),
    );
    expect(res.status).toBe(403);
  });
});
