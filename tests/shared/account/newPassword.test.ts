/** Spec §5 "new … must differ from old": the password form refuses a new password equal to the old one. */
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../shared/domains.js';
import { passwordForm } from '../../../shared/account/index.js';

const issues = (askOld: boolean, values: Record<string, unknown>) => {
  const r = passwordForm(askOld).safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('a new password equal to the old one', () => {
  it('is refused on the new password, with its own text', () => {
    expect(issues(true, { oldPassword: 'Same@2026', password: 'Same@2026', confirm: 'Same@2026' })).toEqual({
      password: 'account.password.sameAsOld',
    });
  });

  it('is told apart from a different one, case and spaces included', () => {
    expect(issues(true, { oldPassword: 'Same@2026', password: 'same@2026', confirm: 'same@2026' })).toEqual({});
    expect(issues(true, { oldPassword: 'Same@2026', password: 'Same@2026 ', confirm: 'Same@2026 ' })).toEqual({});
  });

  it('says nothing while either is still empty (their own required texts speak)', () => {
    expect(issues(true, { oldPassword: '', password: 'Same@2026', confirm: 'Same@2026' })).toEqual({
      oldPassword: 'account.password.oldRequired',
    });
    expect(issues(true, { oldPassword: 'Same@2026', password: '', confirm: '' })).toEqual({
      password: 'account.password.newRequired',
      confirm: 'account.password.confirmRequired',
    });
  });

  it('is not checked where the old password is not asked (admin, member): there is none to compare', () => {
    expect(issues(false, { oldPassword: '', password: 'Same@2026', confirm: 'Same@2026' })).toEqual({});
  });

  it('has its text in every catalogue, different from the others of the dialog', () => {
    for (const c of Object.values(catalogues)) {
      expect(c.account.password.sameAsOld).toBeTruthy();
      expect(c.account.password.sameAsOld).not.toBe(c.account.password.mismatch);
    }
  });
});
