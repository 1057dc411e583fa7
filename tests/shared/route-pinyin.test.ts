/** The route titles' pinyin is precomputed (shared/route-pinyin.ts) and must match the catalogues. */
import { readFileSync } from 'node:fs';
import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { ROUTE_SEARCH_OPTIONS, type SearchEntry } from '../../shared/routes.js';
import { ROUTE_PINYIN } from '../../shared/route-pinyin.js';
import { routePinyinSource } from '../../scripts/route-pinyin-source.js';

describe('route pinyin', () => {
  it('is up to date with the route titles (run `npm run gen:pinyin` after changing one)', () => {
    expect(readFileSync(new URL('../../shared/route-pinyin.ts', import.meta.url), 'utf8')).toBe(routePinyinSource());
  });

  it('lets the route search find a Chinese title by its initials and its full pinyin', () => {
    expect(ROUTE_PINYIN['商品中心']).toBe('spzx shangpinzhongxin');
    const entries: SearchEntry[] = ['商品中心', '分类管理', '新版商品库', '订单管理'].map((title, i) => ({
      title: [title],
      pinyin: [ROUTE_PINYIN[title] ?? ''],
      path: `/p${i}`,
    }));
    const fuse = new Fuse(entries, ROUTE_SEARCH_OPTIONS);
    expect(fuse.search('flgl')[0]?.item.title).toEqual(['分类管理']);
    expect(fuse.search('dingdan')[0]?.item.title).toEqual(['订单管理']);
    expect(fuse.search('xbspk')[0]?.item.title).toEqual(['新版商品库']);
  });
});
