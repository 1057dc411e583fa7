/** The kit's small parts that list pages are written with: a filter field's binding and the tenant column. */
import type { SetStateAction } from 'react';
import { describe, expect, it } from 'vitest';
import { tenantColumn } from '../../renderer/kit/columns.js';

interface Filter {
  keyword: string;
  state?: 'on' | 'off' | undefined;
  tenantId?: number | undefined;
}

describe('draftField (a filter control bound to one field of the filter as typed)', () => {
  it('reads its field and changes only that one, from the filter as it is when the change lands', async () => {
    const { draftField } = await import('../../renderer/kit/useListPage.js');
    let draft: Filter = { keyword: 'VM01', state: 'on' };
    const setDraft = (next: SetStateAction<Filter>) => {
      draft = typeof next === 'function' ? next(draft) : next;
    };
    const field = draftField(draft, setDraft);
    expect(field('keyword').value).toBe('VM01');
    expect(field('tenantId').value).toBeUndefined();
    // Another field changed after this render: the change keeps it.
    draft = { ...draft, state: 'off' };
    field('tenantId').onChange(12);
    expect(draft).toEqual({ keyword: 'VM01', state: 'off', tenantId: 12 });
    field('state').onChange(undefined);
    expect(draft).toEqual({ keyword: 'VM01', state: undefined, tenantId: 12 });
  });
});

describe('tenantColumn', () => {
  const rows = [{ tenantName: '华东智售科技有限公司' }];
  it('is no column for whoever sees only their own rows', () => {
    expect(tenantColumn(false, '所属租户')).toEqual([]);
  });
  it("reads the row's tenant name, at the usual size unless the list says otherwise", () => {
    const [column] = tenantColumn<(typeof rows)[number]>(true, '所属租户');
    expect(column).toMatchObject({ id: 'tenant', header: '所属租户', minWidth: 96, width: 150 });
    expect(column!.value!(rows[0]!)).toBe('华东智售科技有限公司');
    expect(tenantColumn(true, 'Tenant', { id: 'tenantName', width: 180, fold: 2 })[0]).toMatchObject({
      id: 'tenantName',
      width: 180,
      fold: 2,
      minWidth: 96,
    });
  });
});

describe('matchingOptions (what a multiple choice lists as the user types)', () => {
  it('finds namesakes by their code and ignores case and the spaces around what was typed', async () => {
    const { matchingOptions, productOption } = await import('../../renderer/kit/MultiPick.js');
    const options = [
      productOption({ id: 1, name: '可口可乐 330ml', number: 'COLA-01' }, '¥3.50'),
      productOption({ id: 2, name: '可口可乐 330ml', number: 'N-COLA-01' }, '¥3.80'),
      productOption({ id: 3, name: '雪碧 330ml', number: 'SPRITE-01' }, '¥3.50'),
    ];
    expect(matchingOptions(options, null)).toHaveLength(3);
    expect(matchingOptions(options, '   ')).toHaveLength(3);
    expect(matchingOptions(options, '可口').map((o) => o.id)).toEqual([1, 2]);
    expect(matchingOptions(options, ' n-cola ').map((o) => o.id)).toEqual([2]);
    expect(matchingOptions(options, 'sprite').map((o) => o.id)).toEqual([3]);
    expect(matchingOptions(options, '芬达')).toEqual([]);
    expect(options[1]!.note).toBe('N-COLA-01 · ¥3.80');
  });
});
