/**
 * The password rule (shared/account/password-rule.ts) on every call that sets
 * a password — distributors, members and enterprise accounts created, a
 * distributor's password reset, the three password changes of spec §6 —
 * refused at the `password` field; the demo's passwords, set before the rule,
 * still sign in.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { commonLookup, passwordProblem } from '../../../shared/account/index.js';
import { DEMO_PASSWORD, suiteApp, type Answer } from '../helpers.js';
import { roles } from '../../../server/identity/schema.js';

const t = suiteApp(['admin', 'tenant1']);
const GOOD = 'Zz8#console';
let n = 0;
const fresh = () => `pwrule${++n}${Date.now().toString(36)}`;
/** Bad passwords for an account named `name`, with what the rule says of each. */
const bad = (name: string): [string, string][] => [
  ['Ab1#xyz', 'account.validation.passwordShort'],
  // A name shorter than 8 is refused for its length first.
  ...(name.length >= 8 ? [[name.toUpperCase(), 'account.validation.passwordIsName'] as [string, string]] : []),
  ['qwertyuiop', 'account.validation.passwordCommon'],
  ['P@ssw0rd', 'account.validation.passwordCommon'],
];
const refused = (res: Answer, key: string, what: string) => {
  expect(res.status, what).toBe(400);
  expect(res.body.content?.fields, what).toEqual({ password: key });
};

describe('passwordProblem', () => {
  const isCommon = commonLookup(['password', 'qwertyuiop', 'P@ssw0rd']);
  it('asks 8 characters, not the name (in any case), not a common one (in any case)', () => {
    expect(passwordProblem('Ab1#xyz', 'chen', isCommon)).toBe('account.validation.passwordShort');
    expect(passwordProblem('Chen_2026', 'chen_2026', isCommon)).toBe('account.validation.passwordIsName');
    expect(passwordProblem('QWERTYUIOP', 'chen', isCommon)).toBe('account.validation.passwordCommon');
    expect(passwordProblem('p@ssw0rd', undefined, isCommon)).toBe('account.validation.passwordCommon');
    expect(passwordProblem(GOOD, 'chen', isCommon)).toBeNull();
  });
});

describe('every password set follows the rule', () => {
  it('a distributor created (by the admin and by a first-level tenant) and reset', async () => {
    for (const token of [t.token.admin, t.token.tenant1]) {
      const username = fresh();
      for (const [password, key] of bad(username)) {
        refused(
          await t.call(
            'tenant.create',
            { body: { name: '常州轨交零售', username, password, contact: '13912340001' } },
            token,
          ),
          key,
          password,
        );
      }
      const made = await t.ok(
        'tenant.create',
        { body: { name: '常州轨交零售', username, password: GOOD, contact: '13912340001' } },
        token,
      );
      for (const [password, key] of bad(username)) {
        refused(
          await t.call('tenant.resetPassword', { params: { id: made.tenantId }, body: { password } }, token),
          key,
          password,
        );
      }
      await t.signIn(username, GOOD);
    }
  });

  it('a member and an enterprise account created', async () => {
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '订单专员'));
    const member = fresh();
    for (const [password, key] of bad(member)) {
      refused(
        await t.call(
          'staff.create',
          {
            body: {
              name: '巡检员',
              phone: '13812345678',
              username: member,
              password,
              roleId: String(role!.id),
            } as never,
          },
          t.token.tenant1,
        ),
        key,
        password,
      );
    }
    const customer = fresh();
    for (const [password, key] of bad(customer)) {
      refused(
        await t.call(
          'customer.create',
          { body: { name: '浦东软件园食堂', username: customer, password, buyNow: false } },
          t.token.tenant1,
        ),
        key,
        password,
      );
    }
  });

  it("the three password changes: the admin's, a tenant's, a member's", async () => {
    const admin = await t.signIn('admin');
    for (const [password, key] of bad('tenant2')) {
      refused(
        await t.call(
          'account.adminPassword',
          { params: { userId: t.ids.user('tenant2') }, body: { userId: t.ids.user('tenant2'), password } },
          admin,
        ),
        key,
        password,
      );
    }
    const tenant = await t.signIn('tenant11');
    for (const [password, key] of bad('tenant11')) {
      refused(
        await t.call(
          'tenant.password',
          { body: { oldPassword: DEMO_PASSWORD, password, tenantId: t.ids.tenant('A1') } },
          tenant,
        ),
        key,
        password,
      );
    }
    const member = await t.signIn('member4');
    for (const [password, key] of bad('member4')) {
      refused(
        await t.call(
          'staff.password',
          { body: { oldPassword: DEMO_PASSWORD, password, employeeId: t.ids.user('member4') } },
          member,
        ),
        key,
        password,
      );
    }
    // Refused changes change nothing: the demo passwords, set before the rule, still sign in.
    for (const who of ['tenant2', 'tenant11', 'member4']) await t.signIn(who, DEMO_PASSWORD);
  });
});
