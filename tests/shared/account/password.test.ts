/** The password dialog's rules (spec §5) and the call per role (spec §6, §7). */
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../shared/domains.js';
import { asksOldPassword, passwordForm } from '../../../shared/account/index.js';
import { canChangePassword, passwordRequest } from '../../../shared/passwordRequest.js';

const issues = (askOld: boolean, values: Record<string, unknown>) => {
  const r = passwordForm(askOld).safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('password form', () => {
  it('asks the old password of tenants only', () => {
    expect(asksOldPassword('tenant')).toBe(true);
    for (const kind of ['admin', 'member', 'enterprise'] as const) expect(asksOldPassword(kind)).toBe(false);
  });

  it('requires old (when asked), new and confirmation', () => {
    expect(issues(true, { oldPassword: '', password: '', confirm: '' })).toEqual({
      oldPassword: 'account.password.oldRequired',
      password: 'account.password.newRequired',
      confirm: 'account.password.confirmRequired',
    });
    expect(issues(false, { oldPassword: '', password: '', confirm: '' })).toEqual({
      password: 'account.password.newRequired',
      confirm: 'account.password.confirmRequired',
    });
  });

  it('the confirmation must match, even while other fields are still empty', () => {
    expect(issues(true, { oldPassword: '', password: 'Lz8#store', confirm: 'Lz8#stora' })).toEqual({
      oldPassword: 'account.password.oldRequired',
      confirm: 'account.password.mismatch',
    });
    expect(issues(true, { oldPassword: 'o', password: 'Lz8#store', confirm: 'Lz8#store' })).toEqual({});
    expect(issues(false, { oldPassword: '', password: 'Lz8#store', confirm: 'Lz8#store' })).toEqual({});
  });

  it("asks 8 characters of a new password once one is typed (the password rule's length)", () => {
    expect(issues(false, { oldPassword: '', password: 'abc', confirm: 'abc' })).toEqual({
      password: 'account.validation.passwordShort',
    });
    expect(issues(false, { oldPassword: '', password: 'abcdefg', confirm: 'abcdefg' })).toEqual({
      password: 'account.validation.passwordShort',
    });
    expect(issues(false, { oldPassword: '', password: 'abcdefgh', confirm: 'abcdefgh' })).toEqual({});
  });

  it('bounds the length at 64 (the API bound)', () => {
    expect(issues(false, { oldPassword: '', password: 'x'.repeat(65), confirm: 'x'.repeat(65) })).toEqual({
      password: 'validation.maxLength',
    });
  });

  it('has its texts in every catalogue', () => {
    for (const c of Object.values(catalogues)) {
      for (const key of ['oldRequired', 'newRequired', 'confirmRequired', 'mismatch', 'success'] as const)
        expect(c.account.password[key]).toBeTruthy();
    }
  });
});

describe('the call per role', () => {
  const values = { oldPassword: 'Old@1', password: 'New@2', confirm: 'New@2' };

  it('system admin: PUT /user/password/{own userId}, no old password', () => {
    expect(passwordRequest({ roleKind: 'admin', userId: 1, tenantId: null, employeeId: null }, values)).toEqual({
      op: 'account.adminPassword',
      input: { params: { userId: 1 }, body: { userId: 1, password: 'New@2' } },
    });
  });

  it('tenant: /tenant/update/password with its tenantId and the old password', () => {
    expect(passwordRequest({ roleKind: 'tenant', userId: 4, tenantId: 7, employeeId: null }, values)).toEqual({
      op: 'tenant.password',
      input: { body: { oldPassword: 'Old@1', password: 'New@2', tenantId: 7 } },
    });
  });

  it('member: /employee/update/password with its employeeId, no old password', () => {
    expect(passwordRequest({ roleKind: 'member', userId: 9, tenantId: 7, employeeId: 9 }, values)).toEqual({
      op: 'staff.password',
      input: { body: { password: 'New@2', employeeId: 9 } },
    });
  });

  it('enterprise customers and records without the id have no call', () => {
    expect(passwordRequest({ roleKind: 'enterprise', userId: 5, tenantId: 7, employeeId: null }, values)).toBeNull();
    expect(passwordRequest({ roleKind: 'tenant', userId: 4, tenantId: null, employeeId: null }, values)).toBeNull();
    expect(passwordRequest({ roleKind: 'member', userId: 9, tenantId: 7, employeeId: null }, values)).toBeNull();
    expect(canChangePassword({ roleKind: 'enterprise', userId: 5, tenantId: 7, employeeId: null })).toBe(false);
    expect(canChangePassword({ roleKind: 'admin', userId: 1, tenantId: null, employeeId: null })).toBe(true);
  });
});
