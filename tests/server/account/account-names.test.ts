/**
 * One account-name rule (shared/account/name.ts) for every form that makes an
 * account and for sign-in: an account of each kind, created through its own
 * screen's API with the widest name the rule allows it, signs in; a name the
 * rule refuses is refused by each create form and by sign-in alike.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_NAME_MAX, isAccountName, signInIssues } from '../../../shared/account/index.js';
import { suiteApp } from '../helpers.js';
import { roles } from '../../../server/identity/schema.js';

const t = suiteApp(['admin', 'tenant1']);
const PASSWORD = 'Qz7@console2026';
let n = 0;
/** The widest name: ACCOUNT_NAME_MAX characters, underscores too where the kind allows them. */
const widest = (underscore: boolean) => {
  const stem = `${underscore ? 'xun_jian_' : 'xunjian'}${++n}${Date.now().toString(36)}`;
  return stem.padEnd(ACCOUNT_NAME_MAX, underscore ? '_9' : 'Z9').slice(0, ACCOUNT_NAME_MAX);
};

describe('the account-name rule', () => {
  it('accepts and refuses the same names at sign-in as isAccountName', () => {
    for (const name of [
      'xunjian_01',
      'abcd',
      'a'.repeat(32),
      '_a_b',
      'abc',
      'a'.repeat(33),
      'ab-cd',
      'ab cd',
      '巡检01',
      '',
    ]) {
      expect(signInIssues({ username: name, password: 'x' }).username === undefined, name).toBe(isAccountName(name));
    }
  });

  it('a first-level and a second-level distributor, letters and digits only (spec §5), sign in', async () => {
    for (const [token, who] of [
      [t.token.admin, 'admin'],
      [t.token.tenant1, 'tenant1'],
    ] as const) {
      const username = widest(false);
      expect(username).toHaveLength(ACCOUNT_NAME_MAX);
      const made = await t.call(
        'tenant.create',
        { body: { name: `巡检分销 ${who}`, username, password: PASSWORD, contact: '13912345678' } },
        token,
      );
      expect(made.body.code, who).toBe(200);
      expect(await t.signIn(username, PASSWORD)).toEqual(expect.any(String));
    }
    const under = await t.call(
      'tenant.create',
      { body: { name: '下划线分销', username: 'xun_jian_01', password: PASSWORD, contact: '13912345678' } },
      t.token.admin,
    );
    expect(under.body.content.fields).toEqual({ username: 'tenant.validation.username' });
  });

  it('a member with underscores in its name signs in', async () => {
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, '订单专员'));
    for (const username of [widest(true), 'xunjian_01']) {
      const made = await t.call(
        'staff.create',
        {
          body: {
            name: '巡检员',
            phone: '13812345678',
            username,
            password: PASSWORD,
            roleId: String(role!.id),
          } as never,
        },
        t.token.tenant1,
      );
      expect(made.body.code, username).toBe(200);
      expect(await t.signIn(username, PASSWORD)).toEqual(expect.any(String));
    }
  });

  it("an enterprise customer's platform account with underscores signs in", async () => {
    const username = widest(true);
    const made = await t.call(
      'customer.create',
      { body: { name: '浦东软件园食堂', username, password: PASSWORD, buyNow: false } },
      t.token.tenant1,
    );
    expect(made.body.code).toBe(200);
    expect(await t.signIn(username, PASSWORD)).toEqual(expect.any(String));
  });

  it("refuses what the rule refuses in each create form, with the rule's text", async () => {
    for (const username of ['abc', 'a'.repeat(33), 'ab-cd', '巡检01']) {
      const member = await t.call(
        'staff.create',
        { body: { name: '巡检员', phone: '13812345678', username, password: PASSWORD } as never },
        t.token.tenant1,
      );
      expect(member.body.content.fields, username).toMatchObject({ username: 'account.validation.accountName' });
      const customer = await t.call(
        'customer.create',
        { body: { name: '食堂', username, password: PASSWORD, buyNow: false } },
        t.token.tenant1,
      );
      expect(customer.body.content.fields, username).toMatchObject({ username: 'account.validation.accountName' });
      const signIn = await t.call('account.token', {
        body: { grant_type: 'password', username, password: PASSWORD } as never,
      });
      expect(signIn.body.content.fields, username).toMatchObject({ username: 'validation.username' });
    }
  });
});
