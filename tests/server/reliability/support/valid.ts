/**
 * Valid inputs from an operation's JSON Schema: a fast-check arbitrary (the
 * fuzzer's starting points) and one minimal value (the isolation matrix's
 * base input).
 *
 * Hand-written over JSON Schema rather than taken from a library: the zod →
 * fast-check bridges (zod-fast-check and its forks) support zod 3 only, and
 * the JSON Schema zod 4 emits for our inputs uses a small subset (objects,
 * arrays, strings with length and pattern, integers with bounds, enums), so
 * this stays short. Field `examples` (e.g. a real district code) win over
 * generated values: a pattern alone cannot know which codes exist.
 */
import fc, { type Arbitrary } from 'fast-check';
import type { Json } from './schema.js';

const nonNull = (json: Json): Json => {
  const alts = json.anyOf ?? json.oneOf;
  if (!alts) return json;
  return alts.find((a) => a.type !== 'null') ?? json;
};

const SAFE = Number.MAX_SAFE_INTEGER;

function intBounds(json: Json): { min: number; max: number } {
  const min = json.exclusiveMinimum !== undefined ? json.exclusiveMinimum + 1 : (json.minimum ?? -1000);
  const max = json.exclusiveMaximum !== undefined ? json.exclusiveMaximum - 1 : (json.maximum ?? 1000);
  return { min: Math.max(min, -SAFE), max: Math.min(max, SAFE) };
}

/** A string the schema accepts: no NUL, no surrounding spaces (trimmed fields), within its length. */
function validString(json: Json): Arbitrary<string> {
  const min = json.minLength ?? 0;
  // Never below the minimum: a filter no value can pass would spin for ever.
  const max = Math.max(min, Math.min(json.maxLength ?? 40, 200));
  const base = json.pattern
    ? fc.stringMatching(new RegExp(json.pattern))
    : fc.string({
        unit: fc.oneof(
          fc.constantFrom(...'点位设备华东上海浦东abcXYZ019-_ '),
          fc.integer({ min: 1, max: 0x2fff }).map((c) => String.fromCodePoint(c)),
        ),
        minLength: min,
        maxLength: max,
      });
  return base.map((s) => s.replaceAll('\u0000', '').trim()).filter((s) => s.length >= min && s.length <= max);
}

/** Any valid value of `json`. */
export function arbitraryOf(json: Json): Arbitrary<unknown> {
  const node = nonNull(json);
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.examples?.length) return fc.constantFrom(...node.examples);
  switch (node.type) {
    case 'object': {
      const props = Object.fromEntries(Object.entries(node.properties ?? {}).map(([k, v]) => [k, arbitraryOf(v)]));
      return fc.record(props, { requiredKeys: (node.required ?? []).filter((k) => k in props) });
    }
    case 'array': {
      const min = node.minItems ?? 0;
      return fc.array(arbitraryOf(node.items ?? {}), {
        minLength: min,
        maxLength: Math.max(min, Math.min(node.maxItems ?? 4, 4)),
      });
    }
    case 'string':
      return validString(node);
    case 'integer':
      return fc.integer(intBounds(node));
    case 'number':
      return fc.double({ ...intBounds(node), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant(null);
  }
}

/** The smallest valid value: required fields only, lowest bounds, first examples. */
export function minimalOf(json: Json): unknown {
  const node = nonNull(json);
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  if (node.examples?.length) return node.examples[0];
  switch (node.type) {
    case 'object':
      return Object.fromEntries(
        (node.required ?? []).filter((k) => node.properties?.[k]).map((k) => [k, minimalOf(node.properties![k]!)]),
      );
    case 'array':
      return Array.from({ length: Math.max(node.minItems ?? 0, 1) }, () => minimalOf(node.items ?? {}));
    case 'string':
      if (node.pattern) return fc.sample(validString(node), { seed: 1, numRuns: 1 })[0];
      // Letters a password field and a name field both accept.
      return 'Aa1@'.padEnd(Math.max(node.minLength ?? 1, 1), 'x').slice(0, node.maxLength ?? 64);
    case 'integer':
    case 'number':
      return Math.max(intBounds(node).min, 1);
    case 'boolean':
      return false;
    default:
      return null;
  }
}
