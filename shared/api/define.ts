/**
 * The API table mechanism (ARCHITECTURE §2). Every upstream endpoint is
 * described once with `endpoint()`; the server registers routes from it, the
 * main-process core calls it, the renderer derives its types from it.
 */
import { z } from 'zod';
import type { PowerCode, RoleKind } from '../roles.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `none`: no credentials (health).
 * - `client`: OAuth client credentials via HTTP Basic (sign-in).
 * - `user`: a bearer token; `roles` narrows the role kinds, `power` is the
 *   permission code a member must hold — any one of them when several are
 *   listed (other roles pass on their role).
 * - `device`: the device-facing API (ARCHITECTURE §11): a machine's serial
 *   number and its secret via HTTP Basic, rate-limited per device. No
 *   console calls these; a machine (or the simulator) does.
 * - `memberApp`: the member-facing API (shared/member/app.ts): a member
 *   session token, from a WeChat sign-in, as a bearer token. No console
 *   calls these; a tenant's mini-program (or the simulator) does.
 */
export type Access =
  | { auth: 'none' }
  | { auth: 'client' }
  | { auth: 'device' }
  | { auth: 'memberApp' }
  | { auth: 'user'; roles?: readonly RoleKind[]; power?: PowerCode | readonly PowerCode[] };

/** Whether a member holding `powers` passes an endpoint's `power` rule. */
export function holdsPower(powers: readonly string[], power: PowerCode | readonly PowerCode[] | undefined): boolean {
  if (power === undefined) return true;
  return (typeof power === 'string' ? [power] : power).some((code: string) => powers.includes(code));
}

export interface EndpointDef {
  method: Method;
  /** Fastify style (`/point/info/:id`); the spec's `{id}` is the same segment. */
  path: string;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Body is sent `application/x-www-form-urlencoded` instead of JSON. */
  form?: boolean;
  /** Schema of the envelope's `content` (or of the whole answer when `raw`). */
  content: z.ZodType;
  /** The success answer is not enveloped (OAuth token); errors still are. */
  raw?: boolean;
  /**
   * The body travels as multipart/form-data: one file part named `file`
   * whose filename is the body's `name` and whose bytes are its `data`
   * (base64 in the table, so the body has one schema everywhere); at most
   * `maxBytes` of file. The codes refuse a file past the size and a request
   * that is no such multipart body.
   */
  upload?: { maxBytes: number; tooLarge: number; malformed: number };
  /**
   * The success answer is the bytes themselves with their content type
   * (`content` then describes `{ mime, bytes }`); errors are still enveloped.
   * Served to the console by its own file route, not through the bridge.
   */
  binary?: boolean;
  /**
   * The answer takes rows out (an .xlsx, a person's data): the operation
   * log records who took which rows, whatever the method (server/http/recorded.ts).
   */
  exports?: boolean;
  /**
   * A POST that only reads (its body a filter or a question, as a list's
   * page without its total, a count, a dashboard's figures): the operation
   * log runs it as it runs a list's page, outside a transaction — three
   * round trips fewer on every call — and records it only if refused. Under
   * test it runs in a read-only transaction, so one that wrote fails its
   * suites (server/http/recorded.ts `readsOnly`).
   */
  reads?: true;
  /**
   * What a create makes, when it is not the entity named as the domain
   * (`price.create` makes a `priceChange`): the owned entity whose id the
   * answer's `id` is, as the operation log names its target.
   */
  makes?: string;
  access: Access;
  /** Upstream timeout in ms; the client's general 10 s applies otherwise. */
  timeoutMs?: number;
  /** Largest request body in bytes the upstream accepts; its default (64 KiB) otherwise. */
  bodyLimit?: number;
  /**
   * A change that parallel callers can fight over, and the invariant that
   * must survive them (`a device is on one point at most`). The race suite
   * (tests/server/reliability/races.test.ts) has a scenario for each such
   * operation and refuses to run while one lacks it.
   */
  contended?: string;
}

/**
 * The bytes of a `binary` answer: whole, or a part at a time as the upstream
 * streams them out of its storage (a mailed export is 100 MB; it is never
 * held whole).
 */
export const binaryBytes = z.union([
  z.instanceof(Uint8Array),
  z.custom<AsyncIterable<Uint8Array>>((v) => typeof v === 'object' && v !== null && Symbol.asyncIterator in v),
]);

/** Keeps the literal type of a definition so operation types can be derived. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.input<S> }
  : { [P in K]?: undefined };

/** What a caller supplies for an endpoint: its path params, query and body. */
export type InputOf<E> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'>;
/** What a successful call yields: the parsed `content`. */
export type ContentOf<E> = E extends { content: infer S extends z.ZodType } ? z.output<S> : never;

/** Fills `:name` segments from params (values are URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}

// ---- Conventions shared by every domain ----

/** The body code of success (ARCHITECTURE §2 envelope). */
export const SUCCESS = 200;

/** The upstream envelope: code 200 is success; the body code is checked even on HTTP 200. */
export const envelope = <T extends z.ZodType>(content: T) =>
  z.object({ code: z.number().int(), message: z.string().optional(), content: content.optional() });

export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

/** Row ids are PostgreSQL `integer` columns: a larger id is a field error here, not a failed query there. */
export const ID_MAX = 2_147_483_647;
/** A row id in a body. */
export const id = z.number().int().positive().max(ID_MAX);
/** A row id in a path or query string. */
export const idParam = z.coerce.number().int().positive().max(ID_MAX);
export const idParams = z.object({ id: idParam });

/**
 * An id that names a tenant-owned row of `entity` (`'point'`, `'device'`…).
 * The mark travels into the OpenAPI document as `x-owned`, and the isolation
 * suite (tests/server/reliability) calls every operation carrying one with
 * other tenants' ids of that entity: marking the id is all a new operation
 * needs to be attacked. The upstream says how to find the owner of each
 * entity (`owns` in server/<domain>/index.ts).
 */
export const OWNED = 'x-owned';
export const ref = (entity: string) => id.meta({ [OWNED]: entity });
/** `ref` in a path or query string. */
export const refParam = (entity: string) => idParam.meta({ [OWNED]: entity });
/** `{ id }` path params naming a row of `entity`. */
export const refParams = (entity: string) => z.object({ id: refParam(entity) });

/** A string a user typed: PostgreSQL text refuses the NUL character, so it is a field error here. */
export const str = () => z.string().refine((v) => !v.includes('\u0000'), { message: 'validation.invalid' });

/** Validation messages are i18n keys (`validation.*`); the UI fills in min/max. */
export const text = (max: number) =>
  str().trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.maxLength' });

/** Mainland mobile numbers (spec §5 "phone numbers must be valid"). */
export const phone = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, { message: 'validation.phone' });

/** ISO 8601 instant in the API; the UI shows `yyyy-mm-dd hh:mm:ss`. */
export const isoTime = z.string();
/**
 * An instant a caller sends (a filter's bound): ISO 8601 with its offset,
 * in the years 1970–9999, or a field error — PostgreSQL has no year 0, and
 * no business record is older than the epoch. `instantOf(message)` words the
 * refusal as a field of its own says it.
 */
export const instantOf = (message = 'validation.invalid') =>
  z.iso.datetime({ offset: true, message }).refine((v) => Number(v.slice(0, 4)) >= 1970, { message });
export const instant = instantOf();

export const empty = z.null().optional();

type Joined<T extends readonly object[]> = T extends readonly [infer H, ...infer R extends readonly object[]]
  ? H & Joined<R>
  : unknown;

/**
 * One domain's endpoint table from the parts it is written in (a product's
 * categories, libraries, ingredients…). An operation named in two parts stops
 * the start, as in the API table's assembly below: a spread would let the
 * second silently win.
 */
export function joinApis<const T extends readonly Readonly<Record<string, EndpointDef>>[]>(...parts: T): Joined<T> {
  const table: Record<string, EndpointDef> = {};
  for (const part of parts) {
    for (const [op, def] of Object.entries(part)) {
      if (Object.hasOwn(table, op)) throw new Error(`API table: the operation ${op} is defined twice in its domain`);
      table[op] = def;
    }
  }
  return table as Joined<T>;
}

/**
 * Joins the domains' endpoint tables into the API table. An operation named
 * twice, or outside its domain's `<name>.` prefix, stops the start (a spread
 * would let the second silently win).
 */
export function assembleApi(
  domains: readonly { name: string; api: Readonly<Record<string, EndpointDef>> }[],
): Record<string, EndpointDef> {
  const table: Record<string, EndpointDef> = {};
  const routes = new Set<string>();
  for (const { name, api } of domains) {
    for (const [op, def] of Object.entries(api)) {
      if (!op.startsWith(`${name}.`))
        throw new Error(`API table: the operation ${op} of the ${name} domain must be named ${name}.<verb>`);
      if (Object.hasOwn(table, op)) throw new Error(`API table: the operation ${op} is defined twice`);
      const route = `${def.method} ${def.path.replace(/:\w+/g, ':')}`;
      if (routes.has(route)) throw new Error(`API table: ${def.method} ${def.path} is defined twice`);
      routes.add(route);
      table[op] = def;
    }
  }
  return table;
}
