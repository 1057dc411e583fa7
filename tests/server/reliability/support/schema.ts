/**
 * The API table's input schemas as JSON Schema (zod's own `toJSONSchema`, the
 * same conversion the OpenAPI document uses), and what the generated suites
 * read from them: the ids that name tenant-owned rows (`x-owned`, from
 * `ref()` in shared/api/define.ts) and the leaves a mutation may hit.
 */
import { z } from 'zod';
import { api, type ApiOp } from '../../../../shared/domains.js';
import { OWNED, type EndpointDef } from '../../../../shared/api/define.js';

export type Part = 'params' | 'query' | 'body';
export const PARTS: readonly Part[] = ['params', 'query', 'body'];

/** The part of JSON Schema zod emits for our inputs. */
export interface Json {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  additionalProperties?: unknown;
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  [OWNED]?: string;
}

export const OPS = Object.keys(api) as ApiOp[];
export const defOf = (op: ApiOp): EndpointDef => api[op];

const cache = new Map<string, Json | undefined>();
/** The JSON Schema of one input part of an operation, as a caller sends it. */
export function jsonOf(op: ApiOp, part: Part): Json | undefined {
  const key = `${op}|${part}`;
  if (!cache.has(key)) {
    const schema = defOf(op)[part];
    cache.set(key, schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json) : undefined);
  }
  return cache.get(key);
}

/** A field of an operation's input: its part and the path of keys inside it. */
export interface Slot {
  part: Part;
  path: readonly string[];
}

/** An id naming a row of `entity`; `many` when the field is a list of such ids. */
export interface OwnedSlot extends Slot {
  entity: string;
  many: boolean;
  required: boolean;
}

/** Unwraps `anyOf: [x, null]` (nullable) to x. */
const nonNull = (json: Json): Json => {
  const alts = json.anyOf ?? json.oneOf;
  if (!alts) return json;
  const real = alts.filter((a) => a.type !== 'null');
  return real.length === 1 ? nonNull(real[0]!) : json;
};

function walk(
  json: Json,
  visit: (json: Json, path: string[], required: boolean) => void,
  path: string[] = [],
  required = true,
): void {
  const node = nonNull(json);
  visit(node, path, required);
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    walk(child, visit, [...path, key], required && (node.required ?? []).includes(key));
  }
}

/** Every id in an operation's input that names a tenant-owned row. */
export function ownedSlots(op: ApiOp): OwnedSlot[] {
  const slots: OwnedSlot[] = [];
  for (const part of PARTS) {
    const json = jsonOf(op, part);
    if (!json) continue;
    walk(json, (node, path, required) => {
      const entity = node[OWNED] ?? (node.type === 'array' ? node.items && nonNull(node.items)[OWNED] : undefined);
      if (entity && path.length) slots.push({ part, path, entity, many: node.type === 'array', required });
    });
  }
  return slots;
}

/**
 * Integer fields that look like row ids (`id`, `…Id`, `…Ids`) but carry no
 * `x-owned` mark: the isolation suite cannot know whose rows they name, so
 * each must be marked or listed with a reason.
 */
export function unmarkedIds(op: ApiOp): Slot[] {
  const found: Slot[] = [];
  for (const part of PARTS) {
    const json = jsonOf(op, part);
    if (!json) continue;
    walk(json, (node, path) => {
      const key = path.at(-1);
      if (!key || !/(^id|Id|Ids)$/.test(key)) return;
      const leaf = node.type === 'array' && node.items ? nonNull(node.items) : node;
      if (leaf.type === 'integer' && !leaf[OWNED]) found.push({ part, path });
    });
  }
  return found;
}

/** Every field of a part, as paths (objects' own paths included). */
export function fieldPaths(json: Json): string[][] {
  const paths: string[][] = [];
  walk(json, (_node, path) => void (path.length && paths.push(path)));
  return paths;
}
