/**
 * The domain as the unit of the code (ARCHITECTURE §4): each layer assembles
 * its tables from one list of manifests, and refuses what a spread would let
 * silently win — an operation, a code, a text group, a route group, a
 * handler, a screen defined twice.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assembleApi, endpoint, joinApis } from '../../shared/api/define.js';
import { assembleErrors, defineErrors, err, family } from '../../shared/errors/define.js';
import { assembleTexts, defineTexts } from '../../shared/i18n/define.js';
import {
  deriveRouteSets,
  group,
  into,
  isJoin,
  joinRouteGroups,
  view,
  type RouteGroupDecl,
  type RouteJoinDecl,
} from '../../shared/routes/define.js';
import { api, CODE, DOMAINS, FAMILIES, knownEntry, POWER_OWNERS, ROUTE_GROUPS } from '../../shared/domains.js';
import { POWER_CODES } from '../../shared/roles.js';
import { assembleHandlers, demoOrder, type ServerManifest } from '../../server/manifest.js';
import { SERVER_DOMAINS } from '../../server/domains.js';

const ep = (path: string) =>
  endpoint({ method: 'GET', path, summary: 'x', content: z.null(), access: { auth: 'none' } });
const texts = (zh: string) => defineTexts({ a: zh }, { 'zh-TW': { a: zh }, en: { a: 'x' } });

describe('the shared list', () => {
  it("names every operation after its domain and holds every domain's endpoints", () => {
    for (const d of DOMAINS)
      for (const op of Object.keys(d.api)) {
        expect(op.startsWith(`${d.name}.`), op).toBe(true);
        expect(api).toHaveProperty([op]);
      }
    expect(Object.keys(api).length).toBe(DOMAINS.reduce((n, d) => n + Object.keys(d.api).length, 0));
  });

  it('refuses an operation defined twice, out of its domain, or a route taken twice', () => {
    expect(() =>
      assembleApi([
        { name: 'a', api: { 'a.x': ep('/a') } },
        { name: 'a', api: { 'a.x': ep('/b') } },
      ]),
    ).toThrow(/a\.x is defined twice/);
    expect(() => assembleApi([{ name: 'a', api: { 'b.x': ep('/a') } }])).toThrow(/must be named a\.<verb>/);
    expect(() =>
      assembleApi([
        { name: 'a', api: { 'a.x': ep('/a/:id') } },
        { name: 'b', api: { 'b.y': ep('/a/:key') } },
      ]),
    ).toThrow(/defined twice/);
  });

  it("joins a domain's parts, refusing an operation written in two of them", () => {
    expect(Object.keys(joinApis({ 'a.x': ep('/a') }, { 'a.y': ep('/b') }))).toEqual(['a.x', 'a.y']);
    expect(() => joinApis({ 'a.x': ep('/a') }, { 'a.x': ep('/b') })).toThrow(/a\.x is defined twice in its domain/);
  });

  it('refuses a code, a code name or a family range defined twice', () => {
    const one = defineErrors({ x: err(9001, 409, '一', '一', 'one') });
    expect(() => assembleErrors(one, defineErrors({ y: err(9001, 409, '二', '二', 'two') }))).toThrow(
      /9001 is defined twice/,
    );
    expect(() => assembleErrors(one, defineErrors({ x: err(9002, 409, '二', '二', 'two') }))).toThrow(
      /"x" is defined twice/,
    );
    expect(() =>
      assembleErrors(
        defineErrors({}, [family(10, 20, 'a', 'a', 'a')]),
        defineErrors({}, [family(15, 30, 'b', 'b', 'b')]),
      ),
    ).toThrow(/overlap/);
  });

  it('refuses a text group defined twice', () => {
    expect(assembleTexts([texts('一')], { x: texts('二'), y: texts('三') }).en).toEqual({
      a: 'x',
      x: { a: 'x' },
      y: { a: 'x' },
    });
    expect(() => assembleTexts([texts('一'), texts('二')], {})).toThrow(/"a" is defined twice/);
    // A domain named like a common group.
    expect(() => assembleTexts([texts('一')], { a: texts('二') })).toThrow(/"a" is defined twice/);
  });

  it("puts the screens a domain adds to another's group after the one it names, and refuses a join into nothing", () => {
    const g = group(1, '/x', {}, [view('a', 'A', 'route.a'), view('c', 'C', 'route.c')]);
    const [joined] = joinRouteGroups([into('/x', [view('b', 'B', 'route.b')], 'A'), g]);
    expect(joined!.children!.map((c) => c.name)).toEqual(['A', 'B', 'C']);
    expect(joinRouteGroups([g, into('/x', [view('d', 'D', 'route.d')])])[0]!.children!.map((c) => c.name)).toEqual([
      'A',
      'C',
      'D',
    ]);
    expect(() => joinRouteGroups([g, into('/y', [])])).toThrow(/\/y, which no domain declares/);
    expect(() => joinRouteGroups([g, into('/x', [], 'Z')])).toThrow(/after Z, which it does not have/);
  });

  it('refuses a route group declared twice', () => {
    const g = group(1, '/x', {}, [view('a', 'A', 'route.a')]);
    expect(() => deriveRouteSets([g, { ...g, order: 2 }])).toThrow(/\/x is declared twice/);
  });

  it("gives each permission code of spec §2 exactly one owner, and uses a code only in its owner's routes (or the group it joins)", () => {
    const owners = POWER_OWNERS.flatMap((o) => o.powers.map((p) => [p, o.owner] as const));
    expect(owners.map(([p]) => p).sort()).toEqual([...POWER_CODES].sort());
    const ownerOf = new Map(owners);
    const owned = new Map(DOMAINS.map((d) => [d.name, new Set<string>(d.powers)]));
    const groupOwner = new Map(
      DOMAINS.flatMap((d) =>
        (d.routes as readonly (RouteGroupDecl | RouteJoinDecl)[]).flatMap((r) =>
          isJoin(r) ? [] : [[r.path, d.name] as const],
        ),
      ),
    );
    for (const d of DOMAINS) {
      for (const decl of d.routes as readonly (RouteGroupDecl | RouteJoinDecl)[]) {
        // Complaints join the order group under its code 6-3 (spec §2: linked orders and customer service share it).
        // The customer groups join marketing, still held in shared/common by no domain: they may use only their own codes.
        const owner = isJoin(decl) ? groupOwner.get(decl.into) : undefined;
        const host = owner ? owned.get(owner) : undefined;
        const may = new Set([...owned.get(d.name)!, ...(host ?? [])]);
        const walk = (r: { meta?: { value?: readonly string[] }; children?: readonly unknown[] }): void => {
          for (const code of r.meta?.value ?? [])
            expect(may.has(code), `${d.name} uses ${code} of ${ownerOf.get(code)}`).toBe(true);
          for (const c of r.children ?? []) walk(c as never);
        };
        walk(decl);
      }
    }
    // Every domain declares its screens, but those that have none (payment's and callback's forms come to the
    // distributor page and /person).
    expect(DOMAINS.filter((d) => d.routes.length === 0).map((d) => d.name)).toEqual([
      'file',
      'refund',
      'payment',
      'callback',
    ]);
    expect(ROUTE_GROUPS.length).toBeGreaterThan(0);
  });
});

describe('the §8 catalogue survives every move', () => {
  /** Spec §8: the twenty families. */
  const FAMILY_RANGES = [
    [701, 708],
    [801, 820],
    [901, 989],
    [1101, 1111],
    [1201, 1210],
    [1401, 1459],
    [1501, 1537],
    [1701, 1714],
    [1801, 1829],
    [1900, 1920],
    [2201, 2207],
    [2301, 2305],
    [2401, 2405],
    [2701, 2711],
    [2800, 2837],
    [3001, 3006],
    [3402, 3437],
    [3501, 3525],
    [3701, 3705],
    [4501, 4508],
  ];
  /** Spec §8: every code it names. */
  const NAMED = [
    400, 401, 403, 404, 502, 503, 1301, 1102, 902, 903, 904, 905, 920, 926, 940, 977, 982, 1501, 1502, 1503, 1514, 3436,
    3437,
  ];

  it('has all twenty families with their ranges', () => {
    expect(FAMILIES.map((f) => [f.from, f.to])).toEqual(FAMILY_RANGES);
  });

  it('has a text of its own for every code the spec names', () => {
    for (const code of NAMED) expect(knownEntry(code), String(code)).toBeDefined();
    for (const code of NAMED)
      expect(
        FAMILIES.some((f) => f.entry === knownEntry(code)),
        String(code),
      ).toBe(false);
  });

  it('names the codes handlers use', () => {
    expect(CODE).toMatchObject({
      ok: 200,
      pointNotFound: 1410,
      tokenMissing: 1501,
      tenantRequired: 1402,
      deviceNotFound: 1201,
    });
  });
});

describe('the server list', () => {
  const demo = (name: string, after: string[]): ServerManifest => ({
    name,
    handlers: {},
    demo: { after, load: async () => {} },
  });

  it('handles every operation once', () => {
    expect(() =>
      assembleHandlers([
        { name: 'a', handlers: { 'point.page': async () => ({}) } as never },
        { name: 'b', handlers: { 'point.page': async () => ({}) } as never },
      ]),
    ).toThrow(/point\.page is handled twice/);
  });

  it('loads demo data after the domains it names, whatever the list order', () => {
    expect(
      demoOrder([demo('device', ['point', 'tenant']), demo('point', ['tenant']), demo('tenant', [])]).map(
        (d) => d.name,
      ),
    ).toEqual(['tenant', 'point', 'device']);
    const order = demoOrder(SERVER_DOMAINS).map((d) => d.name);
    for (const d of SERVER_DOMAINS)
      for (const dep of 'demo' in d ? d.demo.after : [])
        expect(order.indexOf(dep), `${d.name} after ${dep}`).toBeLessThan(order.indexOf(d.name));
  });

  it('refuses a demo dependency on a domain without demo data, and a cycle', () => {
    expect(() => demoOrder([demo('point', ['tenant'])])).toThrow(/after tenant, which has no demo data/);
    expect(() => demoOrder([demo('a', ['b']), demo('b', ['a'])])).toThrow(/cycle/);
  });
});
