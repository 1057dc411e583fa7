/**
 * No dependency hidden in a string: a domain's SQL names another domain's
 * table through the typed table (`${orders}`, `${devices.tenantId}`), never
 * by its name in the text. A name in a string compiles after the table is
 * renamed and fails at run time, and the import lint never sees it. Tables
 * of the mechanism (server/identity, jobs, storage) are everyone's and may be
 * named; a domain's own tables too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The lint rule's list of domains (every folder that is not mechanism or common): one definition of "a domain".
const { DOMAINS } = (await import(new URL('../../eslint/domain-boundaries.js', import.meta.url).href)) as {
  DOMAINS: ReadonlySet<string>;
};

/** Every table by its SQL name, with the folder whose schema.ts declares it. */
const owners = new Map<string, string>();
for (const entry of readdirSync('server', { withFileTypes: true })) {
  const schema = join('server', entry.name, 'schema.ts');
  if (!entry.isDirectory() || !existsSync(schema)) continue;
  for (const [, table] of readFileSync(schema, 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g))
    owners.set(table!, entry.name);
}

/** `from x`, `join x`, `update x`, `into x` inside template literals, where x is another domain's table. */
export function rawReads(folder: string, source: string): string[] {
  const found: string[] = [];
  for (const [literal] of source.matchAll(/`[^`]*`/g)) {
    for (const [, , table] of literal.matchAll(/\b(from|join|update|into)\s+([a-z_]+)\b/gi)) {
      const owner = owners.get(table!);
      if (owner && owner !== folder && DOMAINS.has(owner)) found.push(`${table} (${owner})`);
    }
  }
  return found;
}

describe("another domain's tables", () => {
  it('knows the tables', () => {
    expect(owners.get('orders')).toBe('order');
    expect(owners.get('tenants')).toBe('identity');
    expect(owners.size).toBeGreaterThan(50);
  });

  it('finds a raw read when there is one', () => {
    expect(rawReads('point', 'sql`select 1 from store_staff s join users u on u.id = s.user_id`')).toEqual([
      'store_staff (staff)',
      'users (account)',
    ]);
    expect(rawReads('refund', 'sql`(select ${orders.deviceId} from ${orders} where true)`')).toEqual([]);
    expect(rawReads('order', 'sql`select * from orders o join tenants t on t.id = o.tenant_id`')).toEqual([]);
  });

  it('are never read by their name in a string', () => {
    const found = [...DOMAINS]
      .filter((domain) => existsSync(join('server', domain)))
      .flatMap((domain) =>
        readdirSync(join('server', domain), { recursive: true, withFileTypes: true })
          .filter((f) => f.isFile() && f.name.endsWith('.ts'))
          .map((f) => join(f.parentPath, f.name)),
      )
      .flatMap((path) =>
        rawReads(path.split(/[\\/]/)[1]!, readFileSync(path, 'utf8')).map((read) => `${path}: ${read}`),
      );
    expect(found).toEqual([]);
  });
});
