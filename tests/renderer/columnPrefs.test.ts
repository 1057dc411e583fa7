/**
 * The rules of remembered columns (renderer/kit/columnPrefs.ts): what may be
 * hidden, the last column, widths in range, stored data that is not ours.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  changedPrefs,
  cleanPrefs,
  COLUMN_PREFS_KEY,
  loadColumnPrefs,
  NO_PREFS,
  RESIZE_CEILING,
  RESIZE_FLOOR,
  saveColumnPrefs,
  sizeWithPrefs,
  toggleHidden,
  visibleColumns,
  withWidth,
} from '../../renderer/kit/columnPrefs.js';
import type { Column } from '../../renderer/kit/columns.js';

type Row = { id: number };
const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', hideable: false },
  { id: 'code', header: 'Code' },
  { id: 'state', header: 'State' },
  { id: 'actions', header: 'Actions', pin: 'end' },
];

describe('hiding columns', () => {
  it('hides and shows a column, never the row actions nor a column marked so', () => {
    const hidden = toggleHidden(columns, NO_PREFS, 'code');
    expect(visibleColumns(columns, hidden).map((c) => c.id)).toEqual(['name', 'state', 'actions']);
    expect(toggleHidden(columns, hidden, 'code').hidden).toEqual([]);
    expect(toggleHidden(columns, NO_PREFS, 'actions')).toBe(NO_PREFS);
    expect(toggleHidden(columns, NO_PREFS, 'name')).toBe(NO_PREFS);
    expect(toggleHidden(columns, NO_PREFS, 'nothing')).toBe(NO_PREFS);
  });

  it('keeps the last hideable column shown', () => {
    const two: Column<Row>[] = [
      { id: 'a', header: 'A' },
      { id: 'b', header: 'B' },
      { id: 'x', header: 'X', pin: 'end' },
    ];
    const one = toggleHidden(two, NO_PREFS, 'a');
    expect(toggleHidden(two, one, 'b')).toBe(one);
    // Stored prefs hiding every column (an older screen's) draw them all.
    expect(visibleColumns(two, { hidden: ['a', 'b'], widths: {}, unfolded: [] }).map((c) => c.id)).toEqual([
      'a',
      'b',
      'x',
    ]);
  });

  it('ignores stored ids the table does not have, or may not hide', () => {
    expect(
      visibleColumns(columns, { hidden: ['gone', 'actions', 'name', 'state'], widths: {}, unfolded: [] }).map(
        (c) => c.id,
      ),
    ).toEqual(['name', 'code', 'actions']);
  });
});

describe('folded columns', () => {
  it('shows a folded column anyway when ticked, and forgets that when it is hidden', () => {
    const anyway = toggleHidden(columns, NO_PREFS, 'state', ['state']);
    expect(anyway).toEqual({ hidden: [], widths: {}, unfolded: ['state'] });
    expect(changedPrefs(anyway)).toBe(true);
    expect(toggleHidden(columns, anyway, 'state')).toEqual({ hidden: ['state'], widths: {}, unfolded: [] });
  });

  it('keeps a column drawn when every other hideable one is folded', () => {
    expect(toggleHidden(columns, NO_PREFS, 'code', ['state'])).toBe(NO_PREFS);
  });

  it('remembers what was shown anyway', () => {
    expect(cleanPrefs({ hidden: [], widths: {}, unfolded: ['state', 4] })).toEqual({
      hidden: [],
      widths: {},
      unfolded: ['state'],
    });
  });
});

describe('widths', () => {
  it('keeps a dragged width exactly, in range and whole', () => {
    expect(withWidth(NO_PREFS, 'name', 231.6).widths).toEqual({ name: 232 });
    expect(withWidth(NO_PREFS, 'name', 3).widths).toEqual({ name: RESIZE_FLOOR });
    expect(withWidth(NO_PREFS, 'name', 5000).widths).toEqual({ name: RESIZE_CEILING });
    expect(withWidth({ hidden: [], widths: { name: 200 }, unfolded: [] }, 'name', undefined).widths).toEqual({});
    expect(sizeWithPrefs({ minWidth: 96, grow: 1 }, 240)).toEqual({
      minWidth: 240,
      width: 240,
      grow: 0,
      shrinkLast: undefined,
    });
    expect(sizeWithPrefs({ minWidth: 96, grow: 1 }, undefined)).toEqual({ minWidth: 96, grow: 1 });
  });

  it('reads stored prefs defensively', () => {
    expect(cleanPrefs(null)).toEqual(NO_PREFS);
    expect(
      cleanPrefs({ hidden: ['a', 3, null], widths: { a: 120, b: 'wide', c: Number.NaN, d: 2 }, unfolded: [] }),
    ).toEqual({ hidden: ['a'], widths: { a: 120, d: RESIZE_FLOOR }, unfolded: [] });
  });
});

describe('storage', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('remembers per table, forgets a table set back to its defaults, survives garbage', () => {
    saveColumnPrefs('/orders#order-table', { hidden: ['code'], widths: { name: 300 }, unfolded: [] });
    saveColumnPrefs('/devices#device-table', { hidden: [], widths: { name: 120 }, unfolded: [] });
    expect(loadColumnPrefs('/orders#order-table')).toEqual({ hidden: ['code'], widths: { name: 300 }, unfolded: [] });
    expect(loadColumnPrefs('/devices#device-table')).toEqual({ hidden: [], widths: { name: 120 }, unfolded: [] });
    saveColumnPrefs('/orders#order-table', NO_PREFS);
    expect(Object.keys(JSON.parse(store.get(COLUMN_PREFS_KEY)!) as object)).toEqual(['/devices#device-table']);
    store.set(COLUMN_PREFS_KEY, '{not json');
    expect(loadColumnPrefs('/devices#device-table')).toEqual(NO_PREFS);
    store.set(COLUMN_PREFS_KEY, '[1,2]');
    expect(loadColumnPrefs('/devices#device-table')).toEqual(NO_PREFS);
  });
});
