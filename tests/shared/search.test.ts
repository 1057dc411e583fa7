/**
 * The route search's entries (spec §2 "Search"): each screen once, titled
 * from its outermost group down, a title never said twice in a row (the
 * device pool is "Device pool", not "Device pool > Device pool").
 */
import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../shared/domains.js';
import type { Lang } from '../../shared/i18n/define.js';
import { ROLE_VALUE } from '../../shared/roles.js';
import {
  ROUTE_SEARCH_OPTIONS,
  searchEntries,
  selectRoutes,
  type AppRoute,
  type RouteTitle,
  type RouteUser,
} from '../../shared/routes.js';

const textAt = (catalogue: object, key: string): string =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue) as string;
const translate = (lang: Lang) => (key: RouteTitle) => textAt(catalogues[lang], key);

const admin: RouteUser = { roleKind: 'admin', allValue: [ROLE_VALUE.admin] };
const tenant: RouteUser = { roleKind: 'tenant', allValue: [ROLE_VALUE.tenant] };

describe('search entries', () => {
  for (const lang of ['en', 'zh-CN', 'zh-TW'] as const) {
    it(`the device pool is titled once (${lang})`, () => {
      const pool = searchEntries(selectRoutes(admin), admin, translate(lang)).find(
        (e) => e.path === '/devicePool/index',
      );
      expect(pool?.title).toEqual([catalogues[lang].device.route.devicePool]);
    });
  }

  it('never says a title twice in a row, for any role', () => {
    for (const user of [admin, tenant]) {
      for (const entry of searchEntries(selectRoutes(user), user, translate('en'))) {
        for (let i = 1; i < entry.title.length; i++) expect(entry.title[i], entry.path).not.toBe(entry.title[i - 1]);
      }
    }
  });

  it("keeps a group's title before a child titled otherwise", () => {
    const points = searchEntries(selectRoutes(tenant), tenant, translate('en')).find(
      (e) => e.path === '/pointMent/pointList',
    );
    expect(points?.title.length).toBe(2);
  });

  it('lists each screen once', () => {
    const paths = searchEntries(selectRoutes(admin), admin, translate('en')).map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("dedupes by text, not by key: a child with its own key but the group's words", () => {
    const routes: AppRoute[] = [
      {
        path: '/g',
        meta: { title: 'route.dashboard' as RouteTitle },
        children: [{ path: '/g/a', name: 'A', meta: { title: 'route.notFound' as RouteTitle } }],
      },
    ];
    const same = searchEntries(routes, admin, () => 'Same');
    expect(same).toEqual([{ title: ['Same'], pinyin: [''], path: '/g/a' }]);
  });

  it('finds the device pool first by its title, with one result for it', () => {
    const fuse = new Fuse(searchEntries(selectRoutes(admin), admin, translate('en')), ROUTE_SEARCH_OPTIONS);
    const found = fuse.search('Device pool');
    expect(found[0]?.item).toEqual({
      title: [catalogues.en.device.route.devicePool],
      pinyin: [''],
      path: '/devicePool/index',
    });
    expect(found.filter((r) => r.item.path === '/devicePool/index')).toHaveLength(1);
  });
});
