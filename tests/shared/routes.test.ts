/**
 * Routes by role and permission code (spec §2): the three sets, selection by
 * role, every code alone and in combination, hidden and admin-only routes,
 * first-route forcing, the navbar rules, resolution, breadcrumb and search.
 */
import Fuse from 'fuse.js';
import { LANGS } from '../../shared/i18n/define.js';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../shared/domains.js';
import { POWER_CODES, ROLE_VALUE, type PowerCode } from '../../shared/roles.js';
import {
  activeMenuPath,
  affixViews,
  allViews,
  breadcrumbs,
  fillParams,
  firstView,
  hasAny,
  homePath,
  matchChain,
  menuEntries,
  NAVBAR_RULES,
  resolvePath,
  ROUTE_SEARCH_OPTIONS,
  ROUTE_SETS,
  SEARCH_MAX_LENGTH,
  searchEntries,
  searchQuery,
  selectRoutes,
  type AppRoute,
  type MenuEntry,
  type RouteTitle,
  type RouteUser,
} from '../../shared/routes.js';

/** The text at a dotted key of a catalogue (route titles are keys of several namespaces). */
const textAt = (catalogue: object, key: string): string | undefined =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue) as
    string | undefined;

const admin: RouteUser = { roleKind: 'admin', allValue: [ROLE_VALUE.admin] };
const tenant: RouteUser = { roleKind: 'tenant', allValue: [ROLE_VALUE.tenant] };
const enterprise: RouteUser = { roleKind: 'enterprise', allValue: [ROLE_VALUE.enterprise] };
const member = (...codes: string[]): RouteUser => ({ roleKind: 'member', allValue: [ROLE_VALUE.member, ...codes] });

const viewPaths = (routes: readonly AppRoute[]) =>
  allViews(routes)
    .map((r) => r.path)
    .sort();
/** The paths the menu links to (items, at any depth). */
const menuPaths = (entries: readonly MenuEntry[]): string[] =>
  entries.flatMap((e) => (e.kind === 'item' ? [e.path] : menuPaths(e.children)));
const menuOf = (user: RouteUser) => menuPaths(menuEntries(selectRoutes(user), user));

/** The screens each code opens: the mapping documented in shared/routes/table.ts. */
const CODE_SCREENS: Record<PowerCode, { menu: string[]; hidden: string[] }> = {
  '1-1': { menu: ['/dashboard'], hidden: [] },
  // Beyond the spec: the firmware packages, price changes and the fleet's pushes (docs/departures.md), opened by the
  // device list's code.
  '2-1': {
    menu: ['/deviceList/index', '/deviceList/firmware', '/deviceList/prices', '/deviceList/pushes'],
    hidden: [
      '/deviceList/devSet',
      '/deviceList/firmware/package',
      '/deviceList/firmware/rollout',
      '/deviceList/prices/change',
    ],
  },
  '2-9': { menu: ['/sceneadmin'], hidden: ['/sceneadmin/detailpage'] },
  '3-1': { menu: ['/pointMent/pointList'], hidden: [] },
  '3-2': { menu: [], hidden: ['/pointMent/bindDevice'] },
  '4-1': { menu: ['/atManagement/staffManagement'], hidden: [] },
  '4-2': { menu: ['/atManagement/peopleadmin'], hidden: ['/atManagement/addpeople'] },
  '5-1': {
    menu: ['/productManagement/productList', '/productManagement/classification'],
    hidden: [
      '/productManagement/setProperty',
      '/productManagement/imgFormat',
      '/productManagement/ingredient',
      '/tenant/productInformation',
    ],
  },
  '5-2': {
    menu: ['/productManagement/merchandise'],
    hidden: ['/productManagement/nweGoods', '/productManagement/editNweGoods'],
  },
  '6-1': {
    menu: ['/orderManagement/orderList', '/orderManagement/staffOrderList', '/orderManagement/deliveryReview'],
    hidden: ['/orderManagement/payTheBox', '/orderManagement/orderDetail'],
  },
  '6-3': {
    menu: ['/orderManagement/scenario', '/orderManagement/customerService'],
    hidden: ['/orderManagement/orderDetail', '/orderManagement/complaintDetail'],
  },
  '7-1': { menu: ['/tenant/people'], hidden: ['/tenant/distributor'] },
  '7-3': { menu: [], hidden: ['/tenant/devBind'] },
  '8-1': { menu: ['/costumeMent/costume'], hidden: ['/costumeMent/bindGroup'] },
  '8-2': { menu: ['/costumeMent/staffPage'], hidden: [] },
  // Beyond the spec: revenue shares (docs/departures.md).
  '9-1': { menu: ['/shares/statements', '/shares/hosts', '/shares/rules'], hidden: ['/shares/statement'] },
  // Beyond the spec: the operation log (docs/departures.md).
  '10-1': { menu: ['/oplog'], hidden: [] },
};
const ALWAYS = ['/person'];

describe('the route table', () => {
  it('has every screen of spec §2 in the main set', () => {
    const paths = viewPaths(ROUTE_SETS.main);
    for (const p of [
      '/dashboard',
      '/payCenter',
      '/costManagement',
      '/bill',
      '/deviceList/index',
      '/sceneadmin',
      '/sceneadmin/detailpage',
      '/deviceList/devSet',
      '/pointMent/pointList',
      '/pointMent/bindDevice',
      '/person',
      '/atManagement/staffManagement',
      '/atManagement/peopleadmin',
      '/atManagement/addpeople',
      '/productManagement/productList',
      '/productManagement/classification',
      '/productManagement/merchandise',
      '/productManagement/commodityInfor',
      '/productManagement/infoDetails',
      '/productManagement/imgDetails',
      '/productManagement/nweGoods',
      '/productManagement/editNweGoods',
      '/productManagement/setProperty',
      '/productManagement/imgFormat',
      '/productManagement/ingredient',
      '/orderManagement/orderList',
      '/orderManagement/scenario',
      '/orderManagement/payTheBox',
      '/orderManagement/staffOrderList',
      '/orderManagement/deliveryReview',
      '/orderManagement/customerService',
      '/memberCenter/memberInfo',
      '/memberCenter/thirdPartyMember',
      '/marketing/scene',
      '/marketing/group',
      '/marketing/adddiscount',
      '/marketing/scenedeatil',
      '/marketing/groudetale',
      '/marketing/addgroup',
      '/marketing/create',
      '/tenant/people',
      '/tenant/productInformation',
      '/tenant/devBind',
      '/devicePool/index',
      '/costumeMent/costume',
      '/costumeMent/bindGroup',
      '/costumeMent/staffPage',
    ])
      expect(paths, p).toContain(p);
  });

  it('hides exactly the screens the spec marks hidden', () => {
    const hidden = allViews(ROUTE_SETS.main)
      .filter((r) => r.hidden)
      .map((r) => r.path)
      .sort();
    expect(hidden).toEqual(
      [
        '/bill',
        '/costManagement',
        '/costumeMent/bindGroup',
        '/deviceList/devSet',
        '/marketing/adddiscount',
        '/marketing/addgroup',
        '/marketing/create',
        '/marketing/groudetale',
        '/marketing/scenedeatil',
        '/orderManagement/complaintDetail',
        '/orderManagement/orderDetail',
        '/orderManagement/payTheBox',
        '/payCenter',
        '/person',
        '/pointMent/bindDevice',
        '/productManagement/editNweGoods',
        '/productManagement/imgDetails',
        '/productManagement/imgFormat',
        '/productManagement/infoDetails',
        '/productManagement/ingredient',
        '/productManagement/nweGoods',
        '/productManagement/setProperty',
        '/sceneadmin/detailpage',
        '/tenant/devBind',
        '/tenant/productInformation',
        '/atManagement/addpeople',
        // Beyond the spec: a distributor's page with its settings in tabs, opened from the list.
        '/tenant/distributor',
        // Beyond the spec: a member's page (its points ledger and orders), opened from member info.
        '/memberCenter/memberDetail',
        // Beyond the spec: one firmware package, and one rollout's progress, opened from the packages' list.
        '/deviceList/firmware/package',
        '/deviceList/firmware/rollout',
        // Beyond the spec: one price change's progress, opened from the price changes' list.
        '/deviceList/prices/change',
        // Beyond the spec: one revenue-share statement, opened from the statements.
        '/shares/statement',
        // Beyond the spec: one send of the markdown ladders to machines, opened from the markdowns page.
        '/freshFood/markdowns/push',
      ].sort(),
    );
  });

  it('gives every view a unique name, a title and a unique path in each set', () => {
    for (const set of Object.values(ROUTE_SETS)) {
      const views = allViews(set);
      expect(new Set(views.map((v) => v.name)).size).toBe(views.length);
      expect(new Set(views.map((v) => v.path)).size).toBe(views.length);
      for (const v of views) {
        expect(v.name, v.path).toBeTruthy();
        expect(v.meta.title, v.path).toMatch(/^(\w+\.)?route\.\w+$/);
        for (const lang of LANGS)
          expect(textAt(catalogues[lang], v.meta.title!), `${lang} ${v.meta.title}`).toEqual(expect.any(String));
      }
    }
  });

  it('points every activeMenu at a visible view of the same set', () => {
    for (const set of Object.values(ROUTE_SETS)) {
      const visible = new Set(
        allViews(set)
          .filter((v) => !v.hidden)
          .map((v) => v.path),
      );
      for (const v of allViews(set)) if (v.meta.activeMenu) expect(visible.has(v.meta.activeMenu), v.path).toBe(true);
      for (const v of allViews(set))
        if (v.hidden && v.path !== '/person' && !['/payCenter', '/costManagement', '/bill'].includes(v.path)) {
          expect(v.meta.activeMenu, v.path).toBeTruthy();
        }
    }
  });

  it('pins the dashboard and only it', () => {
    expect(affixViews(ROUTE_SETS.main).map((r) => r.path)).toEqual(['/dashboard']);
    expect(affixViews(ROUTE_SETS.enterprise)).toEqual([]);
  });

  it('uses only the spec codes in the member set, each of them', () => {
    const used = new Set(allViews(ROUTE_SETS.staff).flatMap((v) => v.meta.value ?? []));
    expect([...used].sort()).toEqual([...POWER_CODES].sort());
    // Every member view but account info needs a code.
    for (const v of allViews(ROUTE_SETS.staff))
      if (v.path !== '/person') expect(v.meta.value?.length, v.path).toBeGreaterThan(0);
  });
});

describe('route selection by role', () => {
  it('gives the system admin every main route, the admin-only ones included', () => {
    const routes = selectRoutes(admin);
    expect(viewPaths(routes)).toEqual(viewPaths(ROUTE_SETS.main));
    expect(menuOf(admin)).toContain('/devicePool/index');
    expect(menuOf(admin)).toContain('/productManagement/commodityInfor');
  });

  it('gives tenants the main set without commodityInfor (with its details) and devicePool', () => {
    const paths = viewPaths(selectRoutes(tenant));
    for (const adminOnly of [
      '/productManagement/commodityInfor',
      '/productManagement/infoDetails',
      '/productManagement/imgDetails',
      '/devicePool/index',
    ]) {
      expect(paths).not.toContain(adminOnly);
    }
    expect(paths.length).toBe(viewPaths(ROUTE_SETS.main).length - 4);
    expect(menuOf(tenant)).not.toContain('/devicePool/index');
    expect(selectRoutes(tenant).some((r) => r.path === '/devicePool')).toBe(false);
  });

  it('gives the enterprise role only the enterprise staff page (and account info)', () => {
    expect(viewPaths(selectRoutes(enterprise))).toEqual(['/costumeMent/staffPage', '/person']);
    expect(menuOf(enterprise)).toEqual(['/costumeMent/staffPage']);
    // Power values do not change the enterprise set.
    expect(menuOf({ roleKind: 'enterprise', allValue: ['2', ...POWER_CODES] })).toEqual(['/costumeMent/staffPage']);
  });

  it('ignores power values for admin and tenants', () => {
    expect(viewPaths(selectRoutes({ roleKind: 'tenant', allValue: ['1', '1-1'] }))).toEqual(
      viewPaths(selectRoutes(tenant)),
    );
  });

  describe.each(POWER_CODES.map((c) => [c] as const))('a member holding only %s', (code) => {
    const user = member(code);
    const routes = selectRoutes(user);
    const expected = CODE_SCREENS[code];

    it('has exactly the screens of its code', () => {
      expect(viewPaths(routes)).toEqual([...expected.menu, ...expected.hidden, ...ALWAYS].sort());
    });

    it('sees exactly the menu items of its code', () => {
      expect(menuOf(user).sort()).toEqual([...expected.menu].sort());
    });

    it('has its first route forced to /', () => {
      expect(routes[0]?.path).toBe('/');
      const home = homePath(routes);
      expect(home).toBe(expected.menu[0] ?? expected.hidden[0]);
      expect(resolvePath(routes, '/')).toEqual({ kind: 'redirect', to: home });
    });
  });

  it('gives a member every code all screens of the member set', () => {
    const user = member(...POWER_CODES);
    const all = Object.values(CODE_SCREENS).flatMap((s) => [...s.menu, ...s.hidden]);
    expect(viewPaths(selectRoutes(user))).toEqual([...new Set([...all, ...ALWAYS])].sort());
    expect(menuOf(user).sort()).toEqual(
      Object.values(CODE_SCREENS)
        .flatMap((s) => s.menu)
        .sort(),
    );
  });

  it('combines codes: each pair of codes has the union of both screens', () => {
    for (const a of POWER_CODES) {
      for (const b of POWER_CODES) {
        if (a >= b) continue;
        const want = [
          ...CODE_SCREENS[a].menu,
          ...CODE_SCREENS[a].hidden,
          ...CODE_SCREENS[b].menu,
          ...CODE_SCREENS[b].hidden,
          ...ALWAYS,
        ];
        expect(viewPaths(selectRoutes(member(a, b))), `${a} + ${b}`).toEqual([...new Set(want)].sort());
      }
    }
  });

  it('opens every detail screen to whoever its list opens to: no action of a list leads to the no-permission page', () => {
    const details = allViews(ROUTE_SETS.main).filter((v) => v.hidden && v.meta.activeMenu);
    const users = [admin, tenant, ...POWER_CODES.map((c) => member(c)), member(...POWER_CODES)];
    // Details that need a code of their own beyond their list's: the list offers them only to who holds it.
    const gated: Record<string, string> = {
      '/pointMent/bindDevice': '3-2: the point list offers binding only with it (e2e account/signin, member1)',
      '/tenant/devBind': '7-3: the distributor list offers the device moves only with it',
      '/tenant/productInformation': '5-1: the distributor list offers the products only where mayOpenPath says so',
    };
    for (const path of Object.keys(gated)) {
      expect(allViews(ROUTE_SETS.staff).find((v) => v.path === path)?.meta.value, path).toBeDefined();
    }
    const missing: string[] = [];
    for (const user of users) {
      const mine = new Set(allViews(selectRoutes(user)).map((v) => v.path));
      for (const d of details) {
        if (gated[d.path] === undefined && mine.has(d.meta.activeMenu!) && !mine.has(d.path))
          missing.push(`${user.allValue.join(',')}: ${d.path} from ${d.meta.activeMenu}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the demo operator (1-1, 2-1, 3-1) to dashboard, device list, firmware, prices, pushes and point list', () => {
    expect(menuOf(member('1-1', '2-1', '3-1'))).toEqual([
      '/dashboard',
      '/deviceList/index',
      '/deviceList/firmware',
      '/deviceList/prices',
      '/deviceList/pushes',
      '/pointMent/pointList',
    ]);
    const routes = selectRoutes(member('1-1', '2-1', '3-1'));
    expect(homePath(routes)).toBe('/dashboard');
    expect(resolvePath(routes, '/pointMent/bindDevice')).toEqual({ kind: 'forbidden' });
  });

  it('forces the first group to / while its screens keep their paths', () => {
    const routes = selectRoutes(member('3-1', '6-1'));
    expect(routes[0]).toMatchObject({ path: '/', alias: '/pointMent', redirect: '/pointMent/pointList' });
    expect(resolvePath(routes, '/').kind).toBe('redirect');
    expect(resolvePath(routes, '/pointMent')).toEqual({ kind: 'redirect', to: '/pointMent/pointList' });
    expect(resolvePath(routes, '/pointMent/pointList')).toMatchObject({ kind: 'view' });
    expect(resolvePath(routes, '/dashboard')).toEqual({ kind: 'forbidden' });
  });

  it('gives a member without codes account info only', () => {
    const routes = selectRoutes(member());
    expect(viewPaths(routes)).toEqual(['/person']);
    expect(menuOf(member())).toEqual([]);
    expect(resolvePath(routes, '/')).toEqual({ kind: 'redirect', to: '/person' });
  });

  it('ignores codes outside the spec list', () => {
    expect(viewPaths(selectRoutes(member('9-9', '1-2')))).toEqual(['/person']);
  });
});

describe('permission values', () => {
  it('is true when any value is held', () => {
    expect(hasAny(['0'], ['0', '1'])).toBe(true);
    expect(hasAny(['member', '6-3'], ['0', '6-3'])).toBe(true);
    expect(hasAny(['member', '6-1'], ['0', '6-3'])).toBe(false);
    expect(hasAny([], ['1'])).toBe(false);
  });

  it('refuses an empty list (the list is required)', () => {
    expect(() => hasAny(['0'], [])).toThrow(/required/);
  });

  it('applies the navbar rules: dashboard links 0 or 1, information 0 or 6-3', () => {
    expect(hasAny(admin.allValue, NAVBAR_RULES.dashboard)).toBe(true);
    expect(hasAny(tenant.allValue, NAVBAR_RULES.dashboard)).toBe(true);
    expect(hasAny(enterprise.allValue, NAVBAR_RULES.dashboard)).toBe(false);
    expect(hasAny(member('1-1').allValue, NAVBAR_RULES.dashboard)).toBe(false);
    expect(hasAny(admin.allValue, NAVBAR_RULES.information)).toBe(true);
    expect(hasAny(tenant.allValue, NAVBAR_RULES.information)).toBe(false);
    expect(hasAny(member('6-3').allValue, NAVBAR_RULES.information)).toBe(true);
    expect(hasAny(member('6-1').allValue, NAVBAR_RULES.information)).toBe(false);
  });
});

describe('menu', () => {
  it('shows the dashboard and the device pool as single items, groups as groups', () => {
    const entries = menuEntries(selectRoutes(admin), admin);
    // A lone child shown in its group's place has an icon (its own or the group's).
    expect(menuEntries(selectRoutes(enterprise), enterprise)).toEqual([
      { kind: 'item', path: '/costumeMent/staffPage', title: 'customer.route.customerStaff', icon: 'staff' },
    ]);
    expect(entries[0]).toMatchObject({ kind: 'item', path: '/dashboard', title: 'route.dashboard', icon: 'dashboard' });
    expect(entries.find((e) => e.path === '/devicePool/index')).toMatchObject({
      kind: 'item',
      title: 'device.route.devicePool',
    });
    const points = entries.find((e) => e.path === '/pointMent');
    expect(points).toMatchObject({ kind: 'group', title: 'point.route.pointManagement' });
    // Hidden routes never show.
    expect(menuPaths(entries)).not.toContain('/pointMent/bindDevice');
    expect(menuPaths(entries)).not.toContain('/person');
    expect(menuPaths(entries)).not.toContain('/payCenter');
  });

  it('lists the main menu in spec order', () => {
    expect(menuEntries(selectRoutes(tenant), tenant).map((e) => e.title)).toEqual([
      'route.dashboard',
      'device.route.deviceManagement',
      'point.route.pointManagement',
      'staff.route.authority',
      'product.route.productManagement',
      'route.orderManagement',
      'member.route.memberCenter',
      'activity.route.marketing',
      'tenant.route.distribution',
      // Beyond the spec (docs/departures.md).
      'share.route.shares',
      'books.route.books',
      'oplog.route.oplog',
      'fresh.route.freshFood',
      'customer.route.customerManagement',
    ]);
  });

  it('gives a forced-root group its own path in the menu', () => {
    const user = member('3-1');
    expect(menuEntries(selectRoutes(user), user)).toEqual([
      {
        kind: 'group',
        path: '/pointMent',
        title: 'point.route.pointManagement',
        icon: 'location',
        children: [{ kind: 'item', path: '/pointMent/pointList', title: 'point.route.pointList', icon: undefined }],
      },
    ]);
  });

  it('marks the visible parent of a hidden screen active', () => {
    const chain = matchChain(selectRoutes(tenant), '/pointMent/bindDevice')!;
    expect(activeMenuPath(chain[chain.length - 1]!)).toBe('/pointMent/pointList');
    const list = matchChain(selectRoutes(tenant), '/pointMent/pointList')!;
    expect(activeMenuPath(list[list.length - 1]!)).toBe('/pointMent/pointList');
  });
});

describe('resolving a path', () => {
  const routes = selectRoutes(tenant);

  it('finds views with their chain, trailing slash or not', () => {
    const r = resolvePath(routes, '/pointMent/pointList/');
    expect(r.kind).toBe('view');
    if (r.kind === 'view') expect(r.chain.map((c) => c.path)).toEqual(['/pointMent', '/pointMent/pointList']);
  });

  it('sends / to the dashboard and groups to their first view', () => {
    expect(resolvePath(routes, '/')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolvePath(routes, '/orderManagement')).toEqual({ kind: 'redirect', to: '/orderManagement/orderList' });
    expect(resolvePath(routes, '/deviceList')).toEqual({ kind: 'redirect', to: '/deviceList/index' });
  });

  it('tells a screen the user may not open from one that does not exist', () => {
    expect(resolvePath(routes, '/devicePool/index')).toEqual({ kind: 'forbidden' });
    expect(resolvePath(routes, '/devicePool')).toEqual({ kind: 'forbidden' });
    expect(resolvePath(routes, '/no/such/page')).toEqual({ kind: 'unknown' });
    expect(resolvePath(selectRoutes(enterprise), '/pointMent/pointList')).toEqual({ kind: 'forbidden' });
    expect(resolvePath(selectRoutes(enterprise), '/')).toEqual({ kind: 'redirect', to: '/costumeMent/staffPage' });
  });

  it('finds the first visible view before any hidden one', () => {
    expect(firstView(routes)?.path).toBe('/dashboard');
    expect(
      firstView([
        { path: '/a', meta: {}, children: [{ path: '/a/x', meta: {}, hidden: true }] },
        { path: '/b', meta: {} },
      ])?.path,
    ).toBe('/b');
    expect(firstView([{ path: '/a', meta: {}, hidden: true }])?.path).toBe('/a');
  });
});

describe('breadcrumb', () => {
  const routes = selectRoutes(tenant);
  const chainOf = (path: string, set: readonly AppRoute[] = routes) => {
    const r = resolvePath(set, path);
    if (r.kind !== 'view') throw new Error(`${path} is no view`);
    return r.chain;
  };

  it('is the dashboard alone on the dashboard', () => {
    expect(breadcrumbs(routes, chainOf('/dashboard'))).toEqual([{ title: 'route.dashboard' }]);
  });

  it('prepends the dashboard, links what is not last, leaves the last as text', () => {
    expect(breadcrumbs(routes, chainOf('/pointMent/pointList'))).toEqual([
      { title: 'route.dashboard', to: '/dashboard' },
      { title: 'point.route.pointManagement', to: '/pointMent/pointList' },
      { title: 'point.route.pointList' },
    ]);
  });

  it("puts a detail screen under the list it belongs to, not its group's first screen", () => {
    expect(breadcrumbs(routes, chainOf('/pointMent/bindDevice'))).toEqual([
      { title: 'route.dashboard', to: '/dashboard' },
      { title: 'point.route.pointManagement', to: '/pointMent/pointList' },
      { title: 'point.route.pointList', to: '/pointMent/pointList' },
      { title: 'point.route.bindDevice' },
    ]);
    expect(breadcrumbs(routes, chainOf('/productManagement/setProperty')).map((c) => c.title)).toEqual([
      'route.dashboard',
      'product.route.productManagement',
      'product.route.classification',
      'product.route.setProperty',
    ]);
    expect(breadcrumbs(routes, chainOf('/sceneadmin/detailpage')).map((c) => c.title)).toEqual([
      'route.dashboard',
      'device.route.deviceManagement',
      'scene.route.sceneLinkage',
      'scene.route.sceneDetail',
    ]);
  });

  it('keeps the matched chain of a detail whose list the user may not open', () => {
    const list = routes.filter((r) => r.path !== '/pointMent');
    const chain = chainOf('/pointMent/bindDevice');
    expect(breadcrumbs(list, chain).map((c) => c.title)).toEqual([
      'route.dashboard',
      'point.route.pointManagement',
      'point.route.bindDevice',
    ]);
  });

  it('says a group titled as its one screen once (the device pool)', () => {
    const chain: AppRoute[] = [
      { path: '/devicePool', meta: { title: 'device.route.devicePool' }, children: [] },
      { path: '/devicePool/index', name: 'DevicePool', meta: { title: 'device.route.devicePool' } },
    ];
    expect(breadcrumbs(routes, chain)).toEqual([
      { title: 'route.dashboard', to: '/dashboard' },
      { title: 'device.route.devicePool' },
    ]);
  });

  it('skips matches without a title (the / root of hidden children)', () => {
    expect(breadcrumbs(routes, chainOf('/payCenter'))).toEqual([
      { title: 'route.dashboard', to: '/dashboard' },
      { title: 'route.payCenter' },
    ]);
  });

  it('keeps a no-redirect entry as text', () => {
    const chain: AppRoute[] = [
      { path: '/g', meta: { title: 'point.route.pointManagement', noRedirect: true }, children: [] },
      { path: '/g/:id', name: 'X', meta: { title: 'point.route.bindDevice' } },
    ];
    expect(breadcrumbs(routes, chain)).toEqual([
      { title: 'route.dashboard', to: '/dashboard' },
      { title: 'point.route.pointManagement' },
      { title: 'point.route.bindDevice' },
    ]);
  });

  it('fills route parameters when followed', () => {
    const chain: AppRoute[] = [
      { path: '/g/:id', meta: { title: 'point.route.pointManagement' }, children: [] },
      { path: '/g/:id/x', name: 'X', meta: { title: 'point.route.bindDevice' } },
    ];
    expect(breadcrumbs(routes, chain, { id: '7' })[1]).toEqual({ title: 'point.route.pointManagement', to: '/g/7' });
    expect(fillParams('/a/:b/:c?', { b: 'x y' })).toBe('/a/x%20y/:c?');
  });

  it('prepends no dashboard for a set without one', () => {
    const set = selectRoutes(enterprise);
    expect(breadcrumbs(set, chainOf('/costumeMent/staffPage', set))).toEqual([
      { title: 'customer.route.customerManagement', to: '/costumeMent/staffPage' },
      { title: 'customer.route.customerStaff' },
    ]);
  });
});

describe('route search', () => {
  const t = (lang: 'en' | 'zh-CN' | 'zh-TW') => (key: RouteTitle) => textAt(catalogues[lang], key)!;

  it('indexes the visible menu views with localised titles and paths', () => {
    const entries = searchEntries(selectRoutes(tenant), tenant, t('en'));
    expect(entries).toContainEqual({
      title: [catalogues.en.point.route.pointManagement, catalogues.en.point.route.pointList],
      pinyin: ['', ''],
      path: '/pointMent/pointList',
    });
    expect(entries).toContainEqual({ title: [catalogues.en.route.dashboard], pinyin: [''], path: '/dashboard' });
    // In Chinese each title brings its pinyin.
    expect(searchEntries(selectRoutes(tenant), tenant, t('zh-CN'))).toContainEqual({
      title: ['首页'],
      pinyin: ['sy shouye'],
      path: '/dashboard',
    });
    expect(entries.map((e) => e.path)).not.toContain('/pointMent/bindDevice');
    expect(entries.map((e) => e.path)).not.toContain('/devicePool/index');
    expect(searchEntries(selectRoutes(admin), admin, t('en')).map((e) => e.path)).toContain('/devicePool/index');
  });

  it('indexes only what a member may open', () => {
    const user = member('1-1', '2-1', '3-1');
    expect(searchEntries(selectRoutes(user), user, t('zh-CN')).map((e) => e.path)).toEqual([
      '/dashboard',
      '/deviceList/index',
      '/deviceList/firmware',
      '/deviceList/prices',
      '/deviceList/pushes',
      '/pointMent/pointList',
    ]);
  });

  it('uses the spec weights and threshold, and finds by title and by path', () => {
    expect(ROUTE_SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(ROUTE_SEARCH_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'pinyin', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
    const fuse = new Fuse(searchEntries(selectRoutes(tenant), tenant, t('en')), ROUTE_SEARCH_OPTIONS);
    expect(fuse.search(searchQuery('Point list'))[0]?.item.path).toBe('/pointMent/pointList');
    expect(fuse.search(searchQuery('staffOrder'))[0]?.item.path).toBe('/orderManagement/staffOrderList');
    const zh = new Fuse(searchEntries(selectRoutes(tenant), tenant, t('zh-TW')), ROUTE_SEARCH_OPTIONS);
    expect(zh.search(catalogues['zh-TW'].route.customerService)[0]?.item.path).toBe('/orderManagement/customerService');
    // Beyond the spec: pinyin initials and full pinyin.
    const cn = new Fuse(searchEntries(selectRoutes(tenant), tenant, t('zh-CN')), ROUTE_SEARCH_OPTIONS);
    expect(cn.search('xbspk')[0]?.item.path).toBe('/productManagement/merchandise');
    expect(cn.search('fenlei')[0]?.item.path).toBe('/productManagement/classification');
  });

  it('cuts queries to 32 characters', () => {
    expect(SEARCH_MAX_LENGTH).toBe(32);
    expect(searchQuery(`  ${'x'.repeat(40)}  `)).toBe('x'.repeat(32));
    expect(searchQuery(' point ')).toBe('point');
  });
});
