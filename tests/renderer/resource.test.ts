/** A list page's resource: what its filters, columns and row actions are called and headed, from its namespace and prefix. */
import { describe, expect, it } from 'vitest';
import { resourceNames } from '../../renderer/kit/resource.js';

const t = (key: string) => `«${key}»`;
type Row = { id: number; name: string; tenantName: string | null };

describe('resourceNames', () => {
  const names = resourceNames<Row>(t, 'staff.role', 'role', true);

  it('heads a column by its id in the namespace, and names its cells only when asked', () => {
    expect(names.column('name', { value: (r) => r.name, minWidth: 110 })).toMatchObject({
      id: 'name',
      header: '«staff.role.name»',
      minWidth: 110,
    });
    expect(names.column('name').cellTestId).toBeUndefined();
    expect(names.column('members', { testId: true }).cellTestId).toBe('role-members');
    expect(names.column('members', { testId: true })).not.toHaveProperty('testId');
    expect(names.column('actions', { header: 'Actions' }).header).toBe('Actions');
  });

  it("labels a filter by its field and names it for the tests; the tenant's is the common one", () => {
    expect(names.filterOf('keyword')).toEqual({ label: '«staff.role.keyword»', testId: 'role-filter-keyword' });
    expect(names.filterOf('tenantId')).toEqual({ label: '«common.tenant»', testId: 'role-filter-tenant' });
    expect(names.filterOf('number', 'Complaint no.').label).toBe('Complaint no.');
  });

  it("gives a row action its words and test id, and a choice its values' words", () => {
    expect(names.action('delete')).toEqual({ testId: 'role-delete', children: '«staff.role.delete»' });
    expect(names.action('open', 'View').children).toBe('View');
    expect(names.labels('states')('normal')).toBe('«staff.role.states.normal»');
  });

  it('has a tenant column only for a user who sees more than one tenant', () => {
    expect(names.tenantColumn({ width: 160 })).toEqual([
      expect.objectContaining({ id: 'tenant', header: '«common.tenant»', width: 160 }),
    ]);
    expect(resourceNames<Row>(t, 'staff.role', 'role', false).tenantColumn()).toEqual([]);
  });
});
