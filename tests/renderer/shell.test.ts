/**
 * The shell's pure parts (spec §2 "Shell behaviour", §9 constants): the
 * brand ramp of the theme presets, stored preferences, the mobile rule,
 * typography scaling, tabs, the view cache and the shell's own paths.
 */
import { describe, expect, it } from 'vitest';
import { ROLE_VALUE } from '../../shared/roles.js';
import { selectRoutes } from '../../shared/routes.js';
import { pageOf, redirectPathFor, redirectTarget } from '../../renderer/shell/page.js';
import { BRAND_SHADES, brandRamp, luminance, parseHex, toHex } from '../../renderer/shell/ramp.js';
import {
  DEFAULT_PREFS,
  DEFAULT_THEME,
  DRAWER_MIN_WIDTH,
  FONT_SCALE,
  isMobileWidth,
  parseStoredPrefs,
  readShellPrefs,
  scaleTypography,
  SETTINGS_BUTTON_TOP,
  SIDEBAR_WIDTH,
  TAB_MENU_WIDTH,
  THEME_PRESETS,
} from '../../renderer/shell/settings.js';
import { afterClose, queryOf, tabsReducer, type TabView } from '../../renderer/shell/tabs.js';
import { dropViews, keepViews, touchView } from '../../renderer/shell/viewCache.js';

describe('brand ramp', () => {
  it.each(THEME_PRESETS.map((c) => [c]))(
    'makes 16 shades of %s with the preset as shade 80, dark to light',
    (color) => {
      const ramp = brandRamp(color);
      expect(Object.keys(ramp).map(Number)).toEqual([...BRAND_SHADES]);
      expect(ramp[80]).toBe(color.toUpperCase());
      for (const shade of Object.values(ramp)) expect(shade).toMatch(/^#[0-9A-F]{6}$/);
      const lum = BRAND_SHADES.map((s) => luminance(ramp[s]));
      for (let i = 1; i < lum.length; i++) expect(lum[i]!, `shade ${BRAND_SHADES[i]}`).toBeGreaterThan(lum[i - 1]!);
      // The ends are near black and near white.
      expect(lum[0]).toBeLessThan(0.03);
      expect(lum[lum.length - 1]).toBeGreaterThan(0.75);
    },
  );

  it('keeps the hue of the preset (the blue ramp stays blue)', () => {
    const ramp = brandRamp('#409EFF');
    for (const s of [30, 60, 120, 150] as const) {
      const [r, g, b] = parseHex(ramp[s]);
      expect(b, `shade ${s}`).toBeGreaterThan(r);
      expect(b, `shade ${s}`).toBeGreaterThanOrEqual(g);
    }
  });

  it('reads and writes #rrggbb and refuses anything else', () => {
    expect(parseHex('#409EFF')).toEqual([64, 158, 255]);
    expect(toHex([64, 158, 255])).toBe('#409EFF');
    expect(toHex([300, -4, 12.4])).toBe('#FF000C');
    expect(() => parseHex('#fff')).toThrow();
    expect(() => brandRamp('red')).toThrow();
  });
});

describe('shell settings', () => {
  it('has the spec figures', () => {
    expect(SIDEBAR_WIDTH).toBe(210);
    expect(DRAWER_MIN_WIDTH).toBe(300);
    expect(TAB_MENU_WIDTH).toBe(105);
    expect(SETTINGS_BUTTON_TOP).toBe(250);
    expect(THEME_PRESETS).toEqual([
      '#409EFF',
      '#1890ff',
      '#304156',
      '#212121',
      '#11a983',
      '#13c2c2',
      '#6959CD',
      '#f5222d',
    ]);
    expect(DEFAULT_THEME).toBe('#409EFF');
    expect(DEFAULT_PREFS.size).toBe('medium');
    expect(DEFAULT_PREFS.sidebar).toBe(1);
  });

  it('is mobile when the body width minus 1 is below 992', () => {
    expect(isMobileWidth(992)).toBe(true);
    expect(isMobileWidth(993)).toBe(false);
    expect(isMobileWidth(320)).toBe(true);
    expect(isMobileWidth(1280)).toBe(false);
  });

  it('reads stored preferences key by key, keeping the valid ones', () => {
    expect(parseStoredPrefs(null)).toEqual(DEFAULT_PREFS);
    expect(parseStoredPrefs('not json')).toEqual(DEFAULT_PREFS);
    expect(
      parseStoredPrefs(
        JSON.stringify({ sidebar: 0, size: 'mini', theme: '#11a983', appearance: 'dark', tagsView: false }),
      ),
    ).toEqual({ ...DEFAULT_PREFS, sidebar: 0, size: 'mini', theme: '#11a983', appearance: 'dark', tagsView: false });
    expect(
      parseStoredPrefs(
        JSON.stringify({ sidebar: 2, size: 'huge', theme: 'red', fixedHeader: 'yes', showSettings: true }),
      ),
    ).toEqual({ ...DEFAULT_PREFS, showSettings: true });
    expect(readShellPrefs({ language: 'en', sidebar: 0 }, { ...DEFAULT_PREFS, size: 'small' })).toEqual({
      ...DEFAULT_PREFS,
      size: 'small',
      sidebar: 0,
    });
  });

  it('scales the typography tokens by font size, medium being Fluent’s own', () => {
    const theme = {
      fontSizeBase300: '14px',
      lineHeightBase300: '20px',
      fontFamilyBase: 'Segoe UI',
      colorBrandBackground: '#000',
      spacingHorizontalM: '12px',
    };
    expect(scaleTypography(theme, FONT_SCALE.medium)).toBe(theme);
    expect(scaleTypography(theme, FONT_SCALE.mini)).toEqual({
      ...theme,
      fontSizeBase300: '12px',
      lineHeightBase300: '17px',
    });
    expect(scaleTypography(theme, FONT_SCALE.default).fontSizeBase300).toBe('15px');
    expect(scaleTypography(theme, FONT_SCALE.small).fontSizeBase300).toBe('13px');
    expect(FONT_SCALE.default).toBeGreaterThan(FONT_SCALE.medium);
    expect(FONT_SCALE.small).toBeGreaterThan(FONT_SCALE.mini);
  });
});

const tab = (path: string, extra: Partial<TabView> = {}): TabView => ({
  path,
  fullPath: path,
  name: path,
  meta: {},
  query: {},
  title: 'point.route.pointList',
  ...extra,
});
const dashboard = tab('/dashboard', { meta: { affix: true }, title: 'route.dashboard' });

describe('tabs', () => {
  it('adds a visited view once, by path, following its latest address', () => {
    let views = tabsReducer([dashboard], { type: 'visit', view: tab('/a') });
    views = tabsReducer(views, { type: 'visit', view: tab('/b') });
    views = tabsReducer(views, { type: 'visit', view: tab('/a', { fullPath: '/a?id=2', query: { id: '2' } }) });
    expect(views.map((v) => v.fullPath)).toEqual(['/dashboard', '/a?id=2', '/b']);
    expect(views[1]?.query).toEqual({ id: '2' });
    expect(tabsReducer(views, { type: 'visit', view: tab('/b') })).toBe(views);
  });

  it('never closes the pinned dashboard', () => {
    const views = [dashboard, tab('/a'), tab('/b')];
    expect(tabsReducer(views, { type: 'close', path: '/dashboard' }).map((v) => v.path)).toEqual([
      '/dashboard',
      '/a',
      '/b',
    ]);
    expect(tabsReducer(views, { type: 'close', path: '/a' }).map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(tabsReducer(views, { type: 'closeOthers', path: '/b' }).map((v) => v.path)).toEqual(['/dashboard', '/b']);
    expect(tabsReducer(views, { type: 'closeAll' }).map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('goes to the last remaining tab after closing the active one, or / when none is left', () => {
    expect(afterClose([dashboard, tab('/b', { fullPath: '/b?x=1' })], '/a')).toBe('/b?x=1');
    expect(afterClose([dashboard, tab('/b')], '/b')).toBeUndefined();
    expect(afterClose([], '/a')).toBe('/');
  });

  it('keeps the query as a record', () => {
    expect(queryOf('?id=3&name=x%20y')).toEqual({ id: '3', name: 'x y' });
    expect(queryOf('')).toEqual({});
  });
});

describe('view cache', () => {
  const at = (path: string) => ({ path, name: path.slice(1), location: { pathname: path } });

  it('keeps the most recent views last, at most max, one per path', () => {
    let cache = touchView([], at('/a'), 3);
    cache = touchView(cache, at('/b'), 3);
    cache = touchView(cache, at('/a'), 3);
    expect(cache.map((c) => c.path)).toEqual(['/b', '/a']);
    cache = touchView(cache, at('/c'), 3);
    cache = touchView(cache, at('/d'), 3);
    expect(cache.map((c) => c.path)).toEqual(['/a', '/c', '/d']);
  });

  it('never drops a view holding unsaved input to make room: the next oldest goes, or none', () => {
    const dirty = new Set(['/a']);
    const keep = (path: string) => dirty.has(path);
    let cache = ['/a', '/b', '/c'].reduce(
      (c, p) => touchView(c, at(p), 3, keep),
      [] as ReturnType<typeof touchView<{ pathname: string }>>,
    );
    cache = touchView(cache, at('/d'), 3, keep);
    expect(cache.map((c) => c.path)).toEqual(['/a', '/c', '/d']);
    dirty.add('/c').add('/d');
    cache = touchView(cache, at('/e'), 3, keep);
    // Every older view holds input: the cache holds one more than its room until they are saved or closed.
    expect(cache.map((c) => c.path)).toEqual(['/a', '/c', '/d', '/e']);
    dirty.clear();
    cache = touchView(cache, at('/f'), 3, keep);
    expect(cache.map((c) => c.path)).toEqual(['/d', '/e', '/f']);
  });

  it('drops refreshed and closed views', () => {
    const cache = ['/a', '/b', '/c'].reduce(
      (c, p) => touchView(c, at(p), 10),
      [] as ReturnType<typeof touchView<{ pathname: string }>>,
    );
    expect(dropViews(cache, ['/b']).map((c) => c.path)).toEqual(['/a', '/c']);
    expect(keepViews(cache, ['/c', '/x']).map((c) => c.path)).toEqual(['/c']);
  });
});

describe('shell paths', () => {
  const tenant = selectRoutes({ roleKind: 'tenant', allValue: [ROLE_VALUE.tenant] });

  it('knows its own pages', () => {
    expect(pageOf(tenant, '/redirect/pointMent/pointList')).toEqual({ kind: 'redirectPage' });
    expect(pageOf(tenant, '/401')).toEqual({ kind: 'noPermission' });
    expect(pageOf(tenant, '/index.html')).toEqual({ kind: 'redirect', to: '/' });
    expect(pageOf(tenant, '/')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(pageOf(tenant, '/pointMent/pointList').kind).toBe('view');
    expect(pageOf(tenant, '/devicePool/index')).toEqual({ kind: 'forbidden' });
    expect(pageOf(tenant, '/nowhere')).toEqual({ kind: 'unknown' });
  });

  it('goes through /redirect and back to the same address', () => {
    expect(redirectPathFor('/pointMent/bindDevice?id=3')).toBe('/redirect/pointMent/bindDevice?id=3');
    expect(redirectTarget('/redirect/pointMent/bindDevice', '?id=3')).toBe('/pointMent/bindDevice?id=3');
    expect(redirectTarget('/redirect')).toBe('/');
  });

  it('takes /redirect to another site for an unknown page (then /404), never a way out', () => {
    for (const p of ['/redirect//evil.com', '/redirect//evil.com/x', '/redirect/\\evil.com', '/redirect/a\\b'])
      expect(pageOf(tenant, p), p).toEqual({ kind: 'unknown' });
    expect(pageOf(tenant, '/redirect/pointMent/pointList')).toEqual({ kind: 'redirectPage' });
  });
});
