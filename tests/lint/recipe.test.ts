/**
 * The domain recipe (docs/adding-a-domain.md) as a test:
 * every domain carries the recipe's files in each layer it has, or stands in
 * the list of exceptions below with the reason. A new domain that departs
 * from the recipe, or an exception that is no longer one, fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The lint rule's list of domains (every folder that is not mechanism or common): one definition of "a domain".
const { DOMAINS: LINTED } = (await import(new URL('../../eslint/domain-boundaries.js', import.meta.url).href)) as {
  DOMAINS: ReadonlySet<string>;
};

const RECIPE = {
  shared: ['index.ts', 'api.ts', 'errors.ts', 'texts.ts', 'routes.ts'],
  server: ['index.ts', 'handlers.ts', 'schema.ts', 'demo.ts'],
  renderer: ['index.ts'],
} as const;
type Layer = keyof typeof RECIPE;

/** `layer/domain/file`: why that domain has no such file. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'shared/file/routes.ts': "no screen: images are uploaded from other domains' forms",
  'shared/refund/routes.ts': "no screen: refunds are made and listed on an order's page",
  'shared/refund/errors.ts': "its refusals are the order family's (spec §8 97x), in shared/order/errors.ts",
  'shared/dashboard/errors.ts': 'a read-only domain: its only refusals are the common ones',
  'server/dashboard/demo.ts': 'its rollups are filled from the order seed (server/order/rollup.ts)',
  'server/file/demo.ts': "demo images are the product domain's (server/product/demo-images.ts)",
  'shared/product/api.ts':
    'written in parts (category.ts, product.ts, ingredient.ts…) that index.ts joins with joinApis, which refuses an operation named twice',
  'server/product/handlers.ts':
    'written in parts beside them (category-handlers.ts, product-handlers.ts…), joined in index.ts',
  'shared/payment/routes.ts': "no screen of its own: the payment form is on a distributor's page and /person",
  'shared/callback/routes.ts':
    "no screen of its own: the callback settings and the delivery log are on a distributor's page and /person",
  'server/callback/demo.ts': 'no demo callback address: the demo tenants have no systems of their own to call',
  'server/payment/demo.ts': 'no demo credentials: a demo holds no payment secrets, real or fake',
  'shared/books/errors.ts': 'a read-only domain over the others: its only refusals are the common ones',
  'server/books/demo.ts': 'it checks the other domains’ demo rows; its runs are made by its job, nightly or asked for',
  'shared/oplog/errors.ts': 'a read-only screen over the records: its only refusals are the common ones',
  'server/oplog/demo.ts': 'the demo’s records are those its own operations write',
  'server/tenant/schema.ts':
    'its table, tenants, is mechanism (server/identity/schema.ts): every domain reads it, the account domain first',
};

/** Domain test files that build an app beside suiteApp's, and why. */
const OWN_APP: Readonly<Record<string, string>> = {
  'tests/server/account/instances.test.ts':
    'a second upstream instance on the same database, built as a second process would build it',
  'tests/server/device/events.test.ts':
    "a second upstream instance, to show one instance's events reach the other's subscribers",
};

const folders = (layer: Layer) =>
  readdirSync(layer, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

describe('the domain recipe', () => {
  const domains = [...LINTED].sort();
  const missing: string[] = [];
  const stale: string[] = [];
  for (const domain of domains) {
    for (const layer of Object.keys(RECIPE) as Layer[]) {
      if (!existsSync(`${layer}/${domain}`)) {
        if (layer === 'shared' && !(`${layer}/${domain}` in EXCEPTIONS)) missing.push(`${layer}/${domain}`);
        continue;
      }
      for (const file of RECIPE[layer]) {
        const path = `${layer}/${domain}/${file}`;
        if (!existsSync(path) && !(path in EXCEPTIONS)) missing.push(path);
        if (existsSync(path) && path in EXCEPTIONS) stale.push(path);
      }
    }
  }

  it("gives every domain the recipe's files, or a stated exception", () => {
    expect(missing).toEqual([]);
  });

  it('lists no exception that the code no longer makes', () => {
    expect(stale).toEqual([]);
    for (const [path, why] of Object.entries(EXCEPTIONS)) expect(why, path).not.toBe('');
  });

  it('knows every domain folder of every layer', () => {
    for (const layer of Object.keys(RECIPE) as Layer[])
      for (const folder of folders(layer)) if (LINTED.has(folder)) expect(domains).toContain(folder);
  });
});

/** The handlers files not yet in the recipe's shape, and why (none today: a new one is moved, as point's was). */
const HANDLERS_NOT_YET: Readonly<Record<string, string>> = {};

const read = (path: string) => readFileSync(path, 'utf8');
const sources = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && /\.tsx?$/.test(f.name))
    .map((f) => `${f.parentPath}/${f.name}`);

describe("the recipe's shapes", () => {
  const serverDomains = [...LINTED].filter((d) => existsSync(`server/${d}`)).sort();

  it('keeps a handlers file to the table of operations: the work is in the feature files it names', () => {
    const handlerFiles = serverDomains.flatMap((d) =>
      readdirSync(`server/${d}`)
        .filter((f) => f === 'handlers.ts' || f.endsWith('-handlers.ts'))
        .map((f) => `server/${d}/${f}`),
    );
    const inline = handlerFiles.filter((path) =>
      /from 'drizzle-orm'|\.(select|insert|update|delete|transaction)\(|\bfunction\b/.test(read(path)),
    );
    expect(inline.filter((path) => !(path in HANDLERS_NOT_YET))).toEqual([]);
    expect(Object.keys(HANDLERS_NOT_YET).filter((path) => !inline.includes(path))).toEqual([]);
  });

  it('gives every renderer domain a manifest that declares its screens, listed in renderer/domains.ts', () => {
    const list = read('renderer/domains.ts');
    for (const domain of [...LINTED].filter((d) => existsSync(`renderer/${d}/index.ts`))) {
      const manifest = read(`renderer/${domain}/index.ts`);
      expect(manifest, domain).toMatch(new RegExp(`export const (\\w+) = defineScreens\\(\\{\\s*name: '${domain}'`));
      const name = /export const (\w+) = defineScreens/.exec(manifest)![1]!;
      expect(list, domain).toMatch(new RegExp(`\\b${name}\\b`));
    }
  });

  it("names a route's address only in the domain's paths.ts and the route groups", () => {
    const tops = new Set<string>();
    for (const file of [...sources('shared').filter((f) => f.endsWith('routes.ts'))]) {
      for (const [, top] of read(file).matchAll(/['`](\/[A-Za-z]+)[/'`?]/g)) tops.add(top!);
    }
    expect(tops.has('/pointMent')).toBe(true);
    const literal = /['`](\/[A-Za-z]+)(?:[/?][^'`]*)?['`$]/g;
    const found = [...LINTED]
      .filter((d) => existsSync(`renderer/${d}`))
      .flatMap((d) => sources(`renderer/${d}`))
      .filter((f) => !f.endsWith('/paths.ts'))
      .flatMap((f) => [...read(f).matchAll(literal)].filter((m) => tops.has(m[1]!)).map((m) => `${f}: ${m[0]}`));
    expect(found).toEqual([]);
  });

  it("builds a domain's server tests on the recipe's helper, suiteApp, not an app of their own", () => {
    const files = serverDomains
      .filter((d) => existsSync(`tests/server/${d}`))
      .flatMap((d) => sources(`tests/server/${d}`))
      .filter((f) => f.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(40);
    const ownApp = files.filter((f) => /\bcreateTestApp\(|\bbuildApp\(/.test(read(f)) && !(f in OWN_APP));
    expect(ownApp).toEqual([]);
    expect(Object.keys(OWN_APP).filter((f) => !/\bbuildApp\(/.test(read(f)))).toEqual([]);
  });
});
