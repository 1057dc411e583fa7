/**
 * The list kit's pure logic (renderer/kit): column sizing, the pager's page
 * numbers and jump box, the synchronous action guard, what a list shows for
 * its query's state, and how cells of each kind read.
 */
import { describe, expect, it } from 'vitest';
import { alignOf, displayValue, KIND_SIZES, kindAlign, sizeOf, type Column } from '../../renderer/kit/columns.js';
import { createGuard } from '../../renderer/kit/guard.js';
import { listView, shownTotal, type ListQueryState } from '../../renderer/kit/listState.js';
import { pageCount, pageItems, parseJump } from '../../renderer/kit/pages.js';
import { apportion, columnWidths, foldColumns, type ColumnSize } from '../../renderer/kit/sizing.js';
import { headerPieces } from '../../renderer/kit/headerWidth.js';
import { forTenant, treeOrder } from '../../renderer/kit/tenants.js';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('apportion', () => {
  it('splits an integer in proportion, in integers that add up', () => {
    expect(apportion(10, [1, 1])).toEqual([5, 5]);
    expect(apportion(10, [1, 2])).toEqual([3, 7]);
    expect(apportion(7, [1, 1, 1])).toEqual([3, 2, 2]);
    expect(sum(apportion(1001, [3, 5, 7, 11]))).toBe(1001);
  });

  it('gives nothing with no weight or nothing to give', () => {
    expect(apportion(10, [0, 0])).toEqual([0, 0]);
    expect(apportion(0, [1, 2])).toEqual([0, 0]);
  });
});

describe('columnWidths', () => {
  const cols: ColumnSize[] = [
    { minWidth: 100, width: 150, grow: 2 }, // name
    { minWidth: 150, width: 200, grow: 3 }, // address
    { minWidth: 80, width: 80 }, // count
    { minWidth: 180, width: 240, shrinkLast: true }, // actions
  ];
  const mins = [100, 150, 80, 180];
  const ideal = [150, 200, 80, 240];

  it('shares the room left over among the growing columns only', () => {
    const { widths, total } = columnWidths(cols, 770); // 100 to spare
    expect(widths).toEqual([190, 260, 80, 240]);
    expect(total).toBe(770);
  });

  it('shares the room among all columns when none grows, so the table fills its container', () => {
    expect(columnWidths([{ minWidth: 50 }, { minWidth: 50 }], 300).widths).toEqual([150, 150]);
  });

  it('gives the ideal widths at exactly their sum', () => {
    expect(columnWidths(cols, sum(ideal)).widths).toEqual(ideal);
  });

  it('short of room, shrinks the others towards their minimums before a shrink-last column', () => {
    const { widths, total } = columnWidths(cols, 620); // 50 short
    expect(total).toBe(620);
    expect(widths[3]).toBe(240);
    expect(widths[2]).toBe(80); // no slack to give
    expect(widths[0]! + widths[1]!).toBe(300);
    widths.forEach((w, i) => expect(w).toBeGreaterThanOrEqual(mins[i]!));
  });

  it('takes from a shrink-last column only once the others are at their minimums', () => {
    const { widths } = columnWidths(cols, 530); // others at minimums make 330: actions gets 200
    expect(widths).toEqual([100, 150, 80, 200]);
  });

  it('keeps the minimums below their sum, and the table overflows (its container scrolls)', () => {
    for (const room of [509, 400, 100, 0, -5, Number.NaN]) {
      const { widths, total } = columnWidths(cols, room);
      expect(widths).toEqual(mins);
      expect(total).toBe(sum(mins));
    }
  });

  it('answers integer widths that add up to the container exactly, at every width above the minimums', () => {
    for (let room = sum(mins); room <= 1600; room += 37) {
      const { widths, total } = columnWidths(cols, room);
      expect(widths.every(Number.isInteger)).toBe(true);
      expect(total).toBe(room);
      widths.forEach((w, i) => expect(w).toBeGreaterThanOrEqual(mins[i]!));
    }
  });

  it('never lets an ideal width be below the minimum', () => {
    expect(columnWidths([{ minWidth: 120, width: 60 }], 0).widths).toEqual([120]);
  });
});

describe('columns by kind', () => {
  const col = (c: Partial<Column<unknown>>): Column<unknown> => ({ id: 'x', header: 'X', ...c });

  it("takes its kind's size unless it says otherwise", () => {
    expect(sizeOf(col({ kind: 'money' }))).toEqual({ ...KIND_SIZES.money, grow: undefined, shrinkLast: undefined });
    expect(sizeOf(col({ kind: 'time', minWidth: 120 })).minWidth).toBe(120);
    expect(sizeOf(col({})).grow).toBe(1);
  });

  it('aligns figures to the end', () => {
    expect(kindAlign('money')).toBe('end');
    expect(kindAlign('number')).toBe('end');
    expect(kindAlign('text')).toBe('start');
    expect(alignOf(col({ kind: 'money' }))).toBe('end');
    expect(alignOf(col({ kind: 'money', render: () => null }))).toBe('start');
    expect(alignOf(col({ kind: 'money', align: 'center' }))).toBe('center');
  });

  it("shows money (integer fen) as yuan, times in the spec's format, nothing as nothing", () => {
    expect(displayValue('money', 123456789)).toBe('¥1,234,567.89');
    expect(displayValue('money', -1230)).toBe('-¥12.30');
    expect(displayValue('time', '2026-03-15T08:09:10')).toBe('2026-03-15 08:09:10');
    expect(displayValue('number', 0)).toBe('0');
    expect(displayValue('text', null)).toBe('');
    expect(displayValue('money', undefined)).toBe('');
  });
});

describe('pager', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(1000, 100)).toBe(10);
  });

  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shows the first and last pages, the current one with two on each side, and gaps', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap-after', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap-before', 8, 9, 10, 11, 12, 'gap-after', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap-before', 14, 15, 16, 17, 18, 19, 20]);
  });

  it('never hides a single page behind a gap', () => {
    expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap-after', 20]);
    expect(pageItems(6, 20)).toEqual([1, 'gap-before', 4, 5, 6, 7, 8, 'gap-after', 20]);
    expect(pageItems(15, 20)).toEqual([1, 'gap-before', 13, 14, 15, 16, 17, 'gap-after', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'gap-before', 14, 15, 16, 17, 18, 19, 20]);
  });

  it('keeps the same number of items on every page, so the buttons do not move while paging', () => {
    for (const pages of [10, 11, 57]) {
      for (let page = 1; page <= pages; page++) {
        const items = pageItems(page, pages);
        expect(items).toHaveLength(9);
        expect(items).toContain(page);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(pages);
      }
    }
  });

  it('clamps a current page outside the pages', () => {
    expect(pageItems(0, 3)).toEqual([1, 2, 3]);
    expect(pageItems(99, 20)).toEqual(pageItems(20, 20));
  });

  it('reads the jump box: whole numbers, clamped to the pages there are', () => {
    expect(parseJump('3', 10)).toBe(3);
    expect(parseJump(' 7 ', 10)).toBe(7);
    expect(parseJump('0', 10)).toBe(1);
    expect(parseJump('25', 10)).toBe(10);
    expect(parseJump('99999999999999999999', 10)).toBe(10);
    for (const bad of ['', 'abc', '2.5', '-3', '1e3']) expect(parseJump(bad, 10)).toBeUndefined();
  });
});

describe('createGuard', () => {
  it('runs one action at a time: a second call while the first runs does nothing', async () => {
    let calls = 0;
    let release!: () => void;
    const guard = createGuard();
    const action = () => {
      calls += 1;
      return new Promise<string>((resolve) => {
        release = () => resolve('done');
      });
    };
    const first = guard.run(action);
    const second = guard.run(action); // the double click, before anything re-rendered
    expect(calls).toBe(1);
    expect(guard.busy).toBe(true);
    expect(await second).toBeUndefined();
    release();
    expect(await first).toBe('done');
    expect(guard.busy).toBe(false);
  });

  it('is free again once the action settled, even when it failed', async () => {
    const guard = createGuard();
    await expect(guard.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(guard.busy).toBe(false);
    expect(await guard.run(() => 42)).toBe(42);
  });

  it('tells when it becomes busy and free', async () => {
    const seen: boolean[] = [];
    const guard = createGuard((busy) => seen.push(busy));
    await guard.run(async () => {
      await guard.run(() => 'nested: refused');
    });
    expect(seen).toEqual([true, false]);
  });

  it('is busy from the very call, before any await', () => {
    const guard = createGuard();
    void guard.run(() => new Promise(() => {}));
    expect(guard.busy).toBe(true);
  });
});

describe('listView', () => {
  const state = (s: Partial<ListQueryState<number>>): ListQueryState<number> => ({
    isPending: false,
    isError: false,
    isFetching: false,
    data: undefined,
    ...s,
  });
  const page = (list: number[], total = list.length) => ({ list, total });

  it('is loading, with no total, until the first page arrives', () => {
    const q = state({ isPending: true, isFetching: true });
    expect(listView(q)).toBe('loading');
    expect(shownTotal(q)).toBeUndefined();
  });

  it('is an error with no total when the load failed — never an empty list with "total 0"', () => {
    const q = state({ isError: true });
    expect(listView(q)).toBe('error');
    expect(shownTotal(q)).toBeUndefined();
  });

  it('shows a failed refresh as an error, not the stale rows', () => {
    expect(listView(state({ isError: true, data: page([1, 2]) }))).toBe('error');
  });

  it('is loading again while a retry is under way', () => {
    expect(listView(state({ isError: true, isFetching: true }))).toBe('loading');
  });

  it('reads a whole short list answered as an array: its length is its total', () => {
    expect(listView(state({ data: [] }))).toBe('empty');
    expect(listView(state({ data: [1, 2, 3] }))).toBe('rows');
    expect(shownTotal(state({ data: [1, 2, 3] }))).toBe(3);
  });

  it("is empty or rows with the page's total once it arrived", () => {
    expect(listView(state({ data: page([]) }))).toBe('empty');
    expect(shownTotal(state({ data: page([]) }))).toBe(0);
    expect(listView(state({ data: page([1, 2], 42) }))).toBe('rows');
    expect(shownTotal(state({ data: page([1, 2], 42) }))).toBe(42);
  });

  it('keeps the previous page and its total while the next one is on its way', () => {
    const q = state({ isFetching: true, data: page([1, 2], 42) });
    expect(listView(q)).toBe('rows');
    expect(shownTotal(q)).toBe(42);
  });
});

describe('closeDecision (form dialogs)', () => {
  it('closes what holds nothing typed, asks before Escape or a stray click throws typed input away, and never closes while busy', async () => {
    const { closeDecision } = await import('../../renderer/kit/dialog.js');
    expect(closeDecision({ open: false, type: 'escapeKeyDown' }, { busy: false, dirty: false })).toBe('close');
    expect(closeDecision({ open: false, type: 'backdropClick' }, { busy: false, dirty: false })).toBe('close');
    expect(closeDecision({ open: false, type: 'escapeKeyDown' }, { busy: false, dirty: true })).toBe('ask');
    expect(closeDecision({ open: false, type: 'backdropClick' }, { busy: false, dirty: true })).toBe('ask');
    expect(closeDecision({ open: false, type: 'escapeKeyDown' }, { busy: true, dirty: false })).toBe('stay');
    expect(closeDecision({ open: false, type: 'backdropClick' }, { busy: true, dirty: true })).toBe('stay');
    expect(closeDecision({ open: true, type: 'triggerClick' }, { busy: false, dirty: false })).toBe('stay');
  });
});

describe("activeChips (the folded filter bar's chips)", () => {
  it('keeps the fields that show a value, in the order they were first seen', async () => {
    const { activeChips } = await import('../../renderer/kit/FilterBar.js');
    const fields = new Map<string, { label: string; text: string | undefined }>([
      ['a', { label: 'Keyword', text: undefined }],
      ['b', { label: 'Status', text: 'Paid' }],
      ['c', { label: 'Tenant', text: 'Huadong' }],
    ]);
    fields.set('a', { label: 'Keyword', text: 'VM01' });
    expect(activeChips(fields).map((c) => `${c.label}=${c.text}`)).toEqual([
      'Keyword=VM01',
      'Status=Paid',
      'Tenant=Huadong',
    ]);
    fields.set('b', { label: 'Status', text: undefined });
    expect(activeChips(fields).map((c) => c.id)).toEqual(['a', 'c']);
  });
});

describe('filterBody (a list filter as its request body)', () => {
  it('sends what filters something, texts trimmed; false and 0 are choices made', async () => {
    const { filterBody } = await import('../../renderer/kit/useListPage.js');
    expect(
      filterBody({ keyword: '  VM01 ', number: '   ', tenantId: undefined, status: null, enabled: false, count: 0 }),
    ).toEqual({ keyword: 'VM01', enabled: false, count: 0 });
    expect(filterBody({})).toEqual({});
  });
});

describe('headerPieces (a header breaks between them only)', () => {
  it('splits at spaces and before a parenthesis, never inside a word', () => {
    expect(headerPieces('创建时间（北京时间）')).toEqual(['创建时间', '（北京时间）']);
    expect(headerPieces('Created (China time)')).toEqual(['Created', '(China', 'time)']);
    expect(headerPieces('场景订单状态')).toEqual(['场景订单状态']);
    expect(headerPieces('Actions')).toEqual(['Actions']);
  });
});

describe('treeOrder', () => {
  const t = (tenantId: number, parent: number | null) => ({ tenantId, parent });
  it('puts each second-level tenant right under its parent', () => {
    expect(treeOrder([t(1, null), t(3, null), t(2, 1), t(4, 3), t(5, 1)]).map((x) => x.tenantId)).toEqual([
      1, 2, 5, 3, 4,
    ]);
  });
  it('keeps a tenant whose parent is not listed where it was', () => {
    expect(treeOrder([t(2, 1), t(6, null)]).map((x) => x.tenantId)).toEqual([2, 6]);
  });
});

describe('foldColumns', () => {
  const items = [
    { id: 'name', minWidth: 200 },
    { id: 'serial', minWidth: 150, fold: 2 },
    { id: 'tenant', minWidth: 150, fold: 1 },
    { id: 'point', minWidth: 150, fold: 1 },
    { id: 'actions', minWidth: 100 },
  ];
  it('folds nothing when everything fits, nor before the width is known', () => {
    expect(foldColumns(items, 750)).toEqual([]);
    expect(foldColumns(items, 0)).toEqual([]);
  });
  it('folds the lowest first, the rightmost first among equals, only as many as it must', () => {
    expect(foldColumns(items, 749)).toEqual(['point']);
    expect(foldColumns(items, 500)).toEqual(['point', 'tenant']);
    expect(foldColumns(items, 440, 44)).toEqual(['point', 'tenant', 'serial']);
  });
  it('never folds a column without a fold, nor one shown anyway; gives up when folding cannot make it fit', () => {
    expect(foldColumns(items, 100)).toEqual(['point', 'tenant', 'serial']);
    expect(foldColumns(items, 600, 0, ['point'])).toEqual(['tenant']);
  });
  it('folds a money column only after every other column that may fold, whatever its fold', () => {
    const withMoney = [
      ...items.slice(0, 2),
      { id: 'received', minWidth: 100, fold: 1, money: true },
      ...items.slice(2),
    ];
    expect(foldColumns(withMoney, 749)).toEqual(['point']);
    expect(foldColumns(withMoney, 600)).toEqual(['point', 'tenant']);
    expect(foldColumns(withMoney, 500)).toEqual(['point', 'tenant', 'serial']);
    expect(foldColumns(withMoney, 300)).toEqual(['point', 'tenant', 'serial', 'received']);
  });
});

describe('forTenant', () => {
  it('names the tenant chosen, and leaves the key out when none was', () => {
    expect(forTenant(7)).toEqual({ tenantId: 7 });
    expect(forTenant(undefined)).toEqual({});
    expect('tenantId' in forTenant(undefined)).toBe(false);
    expect({ name: 'x', ...forTenant(0) }).toEqual({ name: 'x', tenantId: 0 });
  });
});
