/**
 * Generated requests for the schema fuzzer: a valid input of an operation
 * (support/valid.ts), then one mutation of the kinds an attacker tries —
 * wrong types, missing and extra fields, 1 MB strings, deep nesting,
 * negative / huge / fractional numbers, NaN-like strings, unicode and NUL
 * bytes, arrays for objects, a form body where JSON is expected (and back),
 * duplicate query parameters, mangled path segments.
 */
import fc, { type Arbitrary } from 'fast-check';
import type { ApiOp } from '../../../../shared/domains.js';
import { encode, queryPairs, type WireCase } from './request.js';
import { defOf, fieldPaths, jsonOf, PARTS, type Part } from './schema.js';
import { arbitraryOf } from './valid.js';

const MB = 'x'.repeat(1 << 20);
const nest = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
};

/** Values that are wrong, or nearly right, for almost any field. */
export const weird: Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0,
      1.5,
      2 ** 31,
      2 ** 53,
      1e21,
      1e308,
      -1e308,
      Number.MIN_VALUE,
      '',
      ' ',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e309',
      '0x1F',
      '1,2',
      ' 1 ',
      '-0',
      '１２３',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '\u202eabc',
      '🙂'.repeat(40),
      "'; drop table points; --",
      '%00',
      '../..',
      'null',
      'undefined',
      '[]',
      '{}',
      '__proto__',
      [],
      {},
      [1],
      [[]],
      { a: {} },
      ['a', 'b'],
      { __proto__: { polluted: 1 } },
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant(MB) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 100, max: 3000 }), fc.boolean()).map(([d, arr]) => nest(d, 1, arr)),
  },
);

type Input = Partial<Record<Part, unknown>>;

/** A valid input of `op`, part by part. */
export function validInput(op: ApiOp): Arbitrary<Input> {
  const parts = Object.fromEntries(
    PARTS.flatMap((p) => {
      const json = jsonOf(op, p);
      return json ? [[p, arbitraryOf(json)]] : [];
    }),
  );
  return fc.record(parts) as Arbitrary<Input>;
}

const clone = <T>(v: T): T => structuredClone(v);

function setPath(root: unknown, path: readonly string[], value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const top = (root !== null && typeof root === 'object' ? clone(root) : {}) as Record<string, unknown>;
  let node = top;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node = node[key] = (next !== null && typeof next === 'object' ? next : {}) as Record<string, unknown>;
  }
  if (remove) delete node[path.at(-1)!];
  else node[path.at(-1)!] = value;
  return top;
}

const wireOf = (op: ApiOp, input: Input): WireCase => ({
  op,
  params: input.params as Record<string, unknown> | undefined,
  query: queryPairs(input.query),
  body: input.body,
});

/** Every mutation of one operation, each a function of a valid input. */
function mutations(op: ApiOp): Arbitrary<(input: Input) => WireCase>[] {
  const def = defOf(op);
  const partsOf = PARTS.filter((p) => jsonOf(op, p));
  const paths = partsOf.flatMap((part) => fieldPaths(jsonOf(op, part)!).map((path) => ({ part, path })));
  const list: Arbitrary<(input: Input) => WireCase>[] = [fc.constant((input: Input) => wireOf(op, input))];
  if (paths.length) {
    const where = fc.constantFrom(...paths);
    list.push(
      fc.tuple(where, weird).map(
        ([{ part, path }, value]) =>
          (input: Input) =>
            wireOf(op, { ...input, [part]: setPath(input[part], path, value) }),
      ),
    );
    list.push(
      where.map(
        ({ part, path }) =>
          (input: Input) =>
            wireOf(op, { ...input, [part]: setPath(input[part], path, undefined, true) }),
      ),
    );
  }
  // Extra fields: unknown keys, prototype keys, a key of another part.
  list.push(
    fc
      .tuple(
        fc.constantFrom<Part>('query', 'body'),
        fc.constantFrom('extra', '__proto__', 'constructor', 'pageNum', 'id', 'tenantId'),
        weird,
      )
      .map(
        ([part, key, value]) =>
          (input: Input) =>
            wireOf(op, { ...input, [part]: setPath(input[part], [key], value) }),
      ),
  );
  // A whole part replaced: an array for an object, a scalar, deep nesting.
  list.push(
    fc.tuple(fc.constantFrom(...(partsOf.length ? partsOf : (['body'] as Part[]))), weird).map(
      ([part, value]) =>
        (input: Input) =>
          wireOf(op, { ...input, [part]: value }),
    ),
  );
  // The body in the other encoding, as text/plain, or as text that is not JSON at all.
  list.push(
    fc.constantFrom<'json' | 'form' | 'text'>('json', 'form', 'text').map((encoding) => (input: Input) => ({
      ...wireOf(op, input),
      body: input.body ?? {},
      encoding: encoding === (def.form ? 'form' : 'json') ? 'text' : encoding,
    })),
  );
  list.push(
    fc
      .constantFrom('{"a":', '\u0000', 'null', '[]', '"x"', '{'.repeat(5000), '{"__proto__":{"x":1}}', MB)
      .map((raw) => (input: Input) => ({ ...wireOf(op, input), rawBody: raw, encoding: def.form ? 'form' : 'json' })),
  );
  // Duplicate query parameters: every key twice, the second value wrong.
  list.push(
    fc.tuple(weird, fc.constantFrom('pageNum', 'pageSize', 'token', 'id')).map(([value, key]) => (input: Input) => {
      const c = wireOf(op, input);
      const pairs = c.query ?? [];
      const wrong = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      return { ...c, query: [...pairs, ...pairs.map(([k]): [string, string] => [k, wrong]), [key, wrong], [key, '1']] };
    }),
  );
  // Mangled path segments.
  const params = Object.keys(jsonOf(op, 'params')?.properties ?? {});
  if (params.length) {
    list.push(
      fc.tuple(fc.constantFrom(...params), weird).map(([name, value]) => (input: Input) => {
        const c = wireOf(op, input);
        return { ...c, params: { ...c.params, [name]: value } };
      }),
    );
    list.push(
      fc
        .tuple(
          fc.constantFrom(...params),
          fc.constantFrom('%ff', '%00', '1%2f2', '%2e%2e', '9'.repeat(400), '1.0', '+1', '0', '-1', '1e3', '%E4%B8%AD'),
        )
        .map(([name, value]) => (input: Input) => {
          const c = wireOf(op, input);
          return {
            ...c,
            rawParams: true,
            params: {
              ...Object.fromEntries(Object.entries(c.params ?? {}).map(([k, v]) => [k, encode(String(v))])),
              [name]: value,
            },
          };
        }),
    );
  }
  return list;
}

/** One generated request for `op`: a valid input with one mutation (or none). */
export function caseOf(op: ApiOp): Arbitrary<WireCase> {
  return fc.tuple(validInput(op), fc.oneof(...mutations(op))).map(([input, mutate]) => mutate(input));
}
