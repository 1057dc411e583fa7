/**
 * What an operation is about, read from the API table: every id its input
 * marks as naming a tenant-owned row (`ref('order')`, shared/api/define.ts),
 * and each such row's fields before and after, from the table its owning
 * domain declares (`owns` in server/<domain>/index.ts). Secrets and a
 * person's details never leave here: such a field says only "changed".
 */
import { eq, getTableColumns, type Column } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { OWNED, type EndpointDef } from '../../shared/api/define.js';
import type { Queryable } from '../db/index.js';
import type { Owner } from '../manifest.js';
import type { OpTarget } from './schema.js';

type Json = { [key: string]: unknown; properties?: Record<string, Json>; items?: Json; anyOf?: Json[]; type?: string };
type Slot = { part: 'params' | 'query' | 'body'; path: string[]; entity: string };

/** A field whose value is a secret, a password's hash, a token or a key: written, never shown again. */
export const SECRET = /[pP]assword|[sS]ecret|Hash$|^hash$|Token$|^token$|Key$|^key$|[cC]ert|p12|pfx|[pP]rivate|^bank$/;
/**
 * A field holding a person's contact or identity: the log outlives a member's erasure (it is never
 * rewritten), so it keeps that such a field changed, never the value.
 */
export const PERSONAL =
  /^(phone|mobile|nickname|avatar|avatarUrl|openid|unionid|email|realName|idCard|birthday)$|Phone$|Openid$/;
/** What stands for a secret (or a person's detail) that changed. */
export const CHANGED = 'changed';
/** Rows read before and after an operation: a bulk one names its targets, the first few carry their fields. */
const READ_AT_MOST = 20;

const nonNull = (json: Json): Json => {
  const real = json.anyOf?.filter((a) => a.type !== 'null');
  return real?.length === 1 ? nonNull(real[0]!) : json;
};

const slotsCache = new Map<EndpointDef, Slot[]>();
export function slotsOf(def: EndpointDef): Slot[] {
  let slots = slotsCache.get(def);
  if (slots) return slots;
  slots = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = def[part];
    if (!schema) continue;
    const walk = (json: Json, path: string[]) => {
      const node = nonNull(json);
      const entity = (node[OWNED] ?? (node.type === 'array' && node.items ? nonNull(node.items)[OWNED] : undefined)) as
        string | undefined;
      if (entity && path.length) slots!.push({ part, path, entity });
      for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, [...path, key]);
    };
    walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json, []);
  }
  slotsCache.set(def, slots);
  return slots;
}

/** The owned rows an operation's input names, each once. */
export function targetsOf(def: EndpointDef, input: Record<string, unknown>): { entity: string; id: number }[] {
  const seen = new Set<string>();
  const found: { entity: string; id: number }[] = [];
  for (const slot of slotsOf(def)) {
    let value: unknown = input[slot.part];
    for (const key of slot.path) value = (value as Record<string, unknown> | undefined)?.[key];
    for (const id of Array.isArray(value) ? value : [value]) {
      if (typeof id !== 'number' || seen.has(`${slot.entity}:${id}`)) continue;
      seen.add(`${slot.entity}:${id}`);
      found.push({ entity: slot.entity, id });
    }
  }
  return found;
}

/** The rows as they are now, by `entity:id` (the first few targets'), with their owning tenant. */
export async function rowsNow(
  db: Queryable,
  owners: Readonly<Record<string, Owner>>,
  targets: readonly { entity: string; id: number }[],
): Promise<Map<string, { row: Record<string, unknown>; tenantId: number | null }>> {
  const rows = new Map<string, { row: Record<string, unknown>; tenantId: number | null }>();
  for (const t of targets.slice(0, READ_AT_MOST)) {
    const owner = owners[t.entity];
    if (!owner) continue;
    const table = (owner.id as PgColumn & { table: PgTable }).table;
    const [row] = await db
      .select()
      .from(table)
      .where(eq(owner.id as Column, t.id))
      .limit(1);
    if (!row) continue;
    const tenantKey = Object.entries(getTableColumns(table)).find(([, c]) => c === owner.tenantId)?.[0];
    const tenantId = tenantKey ? ((row as Record<string, unknown>)[tenantKey] as number | null) : null;
    rows.set(`${t.entity}:${t.id}`, { row: row as Record<string, unknown>, tenantId });
  }
  return rows;
}

const hidden = (key: string) => SECRET.test(key) || PERSONAL.test(key);
const shown = (key: string, v: unknown): unknown => (hidden(key) ? CHANGED : v instanceof Date ? v.toISOString() : v);

/** Each target with the fields that changed between the two reads (a row made or gone: all of its fields). */
export function changesOf(
  targets: readonly { entity: string; id: number }[],
  before: Map<string, { row: Record<string, unknown> }>,
  after: Map<string, { row: Record<string, unknown> }>,
): OpTarget[] {
  return targets.map((t) => {
    const b = before.get(`${t.entity}:${t.id}`)?.row;
    const a = after.get(`${t.entity}:${t.id}`)?.row;
    if (!b && !a) return t;
    const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter(
      (k) => !b || !a || JSON.stringify(b[k]) !== JSON.stringify(a[k]),
    );
    const pick = (row: Record<string, unknown> | undefined) =>
      row ? Object.fromEntries(keys.map((k) => [k, shown(k, row[k])])) : null;
    return { ...t, before: pick(b), after: pick(a) };
  });
}

/** What the request asked, with every secret as "changed" and a file's bytes left out (its name stays). */
export function redacted(value: unknown, key = ''): unknown {
  if (key && hidden(key) && value !== undefined && value !== null && value !== '') return CHANGED;
  if (key === 'data' && typeof value === 'string' && value.length > 256) return `(${value.length} bytes)`;
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redacted(v));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [clean(k), redacted(v, k)]));
  if (typeof value === 'string') return clean(value.length > 2_000 ? `${value.slice(0, 2_000)}…` : value);
  return value;
}

/**
 * PostgreSQL's text and jsonb refuse the NUL character and a lone half of a surrogate pair: a request
 * that carried one (refused, and recorded as refused) is recorded without the one and with U+FFFD for the other.
 */
export const clean = (text: string): string =>
  text
    .replaceAll('\u0000', '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
