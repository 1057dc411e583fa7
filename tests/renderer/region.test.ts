/**
 * The region picker's rules (renderer/kit/regions.ts) over the real division
 * data: which lists it shows for a choice, what choosing clears, the value a
 * choice gives in a form (leaf only) and in a filter (any level), typing to
 * filter, and loading the data once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serveRegionsFromDisk } from './regions-fetch.js';
import {
  chooseIn,
  chosenOf,
  loadRegions,
  matching,
  regionColumns,
  regionValue,
  type RegionColumn,
} from '../../renderer/kit/regions.js';
import type { Region } from '../../shared/regions.js';

let tree: readonly Region[];
let served: ReturnType<typeof serveRegionsFromDisk>;
beforeAll(async () => {
  served = serveRegionsFromDisk();
  tree = await loadRegions();
});

const shape = (columns: readonly RegionColumn[]) =>
  columns.map((c) => `${c.level}:${c.options.length > 0 ? (c.selected ?? '-') : 'off'}`);
const names = (chosen: readonly Region[]) => chosen.map((r) => r.n);

describe('the division data', () => {
  it('loads once, as the 34 provincial divisions', async () => {
    expect(tree).toHaveLength(34);
    expect(await loadRegions()).toBe(tree);
    expect(served.fetches()).toBe(1);
    expect(tree.map((r) => r.n)).toEqual(expect.arrayContaining(['广东省', '上海市', '香港特别行政区', '台湾省']));
  });
});

describe('regionColumns', () => {
  it('shows three lists before any choice, the city and district ones empty', () => {
    expect(shape(regionColumns(tree, []))).toEqual(['province:-', 'city:off', 'district:off']);
  });

  it('offers the cities of a province, then the districts of a city', () => {
    const gd = chosenOf(tree, '440000');
    expect(shape(regionColumns(tree, gd))).toEqual(['province:440000', 'city:-', 'district:off']);
    const gz = chosenOf(tree, '440100');
    const columns = regionColumns(tree, gz);
    expect(shape(columns)).toEqual(['province:440000', 'city:440100', 'district:-']);
    expect(columns[2]!.options.map((r) => r.n)).toContain('天河区');
    expect(shape(regionColumns(tree, chosenOf(tree, '440106')))).toEqual([
      'province:440000',
      'city:440100',
      'district:440106',
    ]);
  });

  it("offers a municipality's districts right after it, with no third list", () => {
    const sh = regionColumns(tree, chosenOf(tree, '310000'));
    expect(shape(sh)).toEqual(['province:310000', 'district:-']);
    expect(sh[1]!.options.map((r) => r.n)).toEqual(expect.arrayContaining(['闵行区', '黄浦区']));
    expect(shape(regionColumns(tree, chosenOf(tree, '310112')))).toEqual(['province:310000', 'district:310112']);
    // Hong Kong has districts right under it too.
    expect(shape(regionColumns(tree, chosenOf(tree, '810000')))).toEqual(['province:810000', 'district:-']);
  });

  it('ends with a city without districts, and with a province without divisions in the data', () => {
    expect(shape(regionColumns(tree, chosenOf(tree, '441900')))).toEqual(['province:440000', 'city:441900']);
    expect(shape(regionColumns(tree, chosenOf(tree, '710000')))).toEqual(['province:710000']);
  });
});

describe('chooseIn', () => {
  it('clears the levels below the one chosen', () => {
    const th = chosenOf(tree, '440106');
    const columns = regionColumns(tree, th);
    expect(names(chooseIn(columns, th, 0, '310000'))).toEqual(['上海市']);
    expect(names(chooseIn(columns, th, 1, '440300'))).toEqual(['广东省', '深圳市']);
    expect(names(chooseIn(columns, th, 2, '440113'))).toEqual(['广东省', '广州市', '番禺区']);
  });

  it('clears a level and those below when nothing is chosen in it', () => {
    const th = chosenOf(tree, '440106');
    const columns = regionColumns(tree, th);
    expect(names(chooseIn(columns, th, 1, undefined))).toEqual(['广东省']);
    expect(chooseIn(columns, th, 0, undefined)).toEqual([]);
  });

  it('takes only a code its list offers', () => {
    const gd = chosenOf(tree, '440000');
    expect(names(chooseIn(regionColumns(tree, gd), gd, 1, '310101'))).toEqual(['广东省']);
  });
});

describe('regionValue', () => {
  it('in a form, is a code only once a division without subdivisions is chosen', () => {
    expect(regionValue([], true)).toBeUndefined();
    expect(regionValue(chosenOf(tree, '440000'), true)).toBeUndefined();
    expect(regionValue(chosenOf(tree, '440100'), true)).toBeUndefined();
    expect(regionValue(chosenOf(tree, '440106'), true)).toBe('440106');
    expect(regionValue(chosenOf(tree, '310112'), true)).toBe('310112');
    expect(regionValue(chosenOf(tree, '441900'), true)).toBe('441900');
  });

  it('in a filter, is the deepest level chosen', () => {
    expect(regionValue([], false)).toBeUndefined();
    expect(regionValue(chosenOf(tree, '310000'), false)).toBe('310000');
    expect(regionValue(chosenOf(tree, '440100'), false)).toBe('440100');
    expect(regionValue(chosenOf(tree, '440106'), false)).toBe('440106');
  });
});

describe('chosenOf', () => {
  it('is the path from the province, and nothing for no code or an unknown one', () => {
    expect(names(chosenOf(tree, '320571'))).toEqual(['江苏省', '苏州市', '苏州工业园区']);
    expect(chosenOf(tree, undefined)).toEqual([]);
    expect(chosenOf(tree, '999999')).toEqual([]);
  });
});

describe('matching', () => {
  it('keeps the names holding what was typed, trimmed; all of them for nothing typed', () => {
    const districts = chosenOf(tree, '440100')[1]!.d!;
    expect(matching(districts, '天河').map((r) => r.n)).toEqual(['天河区']);
    expect(matching(districts, ' 天 ').map((r) => r.n)).toEqual(['天河区']);
    expect(matching(districts, null)).toBe(districts);
    expect(matching(districts, '  ')).toBe(districts);
    expect(matching(districts, 'nowhere')).toEqual([]);
  });
});
