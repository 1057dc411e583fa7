/**
 * No dependency hidden in a string: a domain's SQL names another domain's
 * table through the typed table (`${orders}`, `${devices.tenantId}`), never
 * by its name in the text. A name in a string compiles after the table is
 * renamed and fails at run time, and the import lint never sees it. Tables
 * of the mechanism (server/identity, jobs, storage) are everyone's and may be
 * named; a domain's own tables too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MECHANISM = new Set(['http', 'db', 'storage', 'jobs', 'identity']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? name === 'migrations'
        ? []
        : files(path)
      : path.endsWith('.ts')
        ? [path]
        : [];
  });
}

/** Every table by its SQL name, with the folder whose schema.ts declares it. */
const owners = new Map<string, string>();
for (const folder of readdirSync('server')) {
  const schema = join('server', folder, 'schema.ts');
  if (!statSync(join('server', folder)).isDirectory()) continue;
  let text: string;
  try {
    text = readFileSync(schema, 'utf8');
  } catch {
    continue;
  }
  for (const [, table] of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) owners.set(table!, folder);
}

/** `from x`, `join x`, `update x`, `into x` inside template literals, where x is another domain's table. */
export function rawReads(folder: string, source: string): string[] {
  const found: string[] = [];
  for (const [literal] of source.matchAll(/`[^`]*`/g)) {
    for (const [, , table] of literal.matchAll(/\b(from|join|update|into)\s+([a-z_]+)\b/gi)) {
      const owner = owners.get(table!);
      if (owner && owner !== folder && !MECHANISM.has(owner)) found.push(`${table} (${owner})`);
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
    const found = files('server').flatMap((path) => {
      const parts = path.split(/[\\/]/);
      if (parts.length < 3 || MECHANISM.has(parts[1]!)) return [];
      return rawReads(parts[1]!, readFileSync(path, 'utf8')).map((read) => `${path}: ${read}`);
    });
    expect(found).toEqual([]);
  });
});
