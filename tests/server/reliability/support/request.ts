/**
 * One request of a generated suite, as the wire sees it: the operation's
 * method and path, path params filled in as given (any string, already
 * mangled or not), a raw query string (duplicates allowed), and a payload
 * with whatever content type the case chose. Sent with `app.inject`, which
 * runs Fastify's whole pipeline (router, parsers, hooks) without a socket.
 */
import type { FastifyInstance } from 'fastify';
import { CODE, ERRORS, type ApiOp } from '../../../../shared/domains.js';
import { clientBasic, deviceBasic } from '../../helpers.js';
import { defOf } from './schema.js';

/** The machine the generated suites call the device-facing API as. */
export const FUZZ_MACHINE = 'VM2026000101';

export interface WireCase {
  op: ApiOp;
  params?: Record<string, unknown>;
  /** Path params go into the URL as they are (`%ff`, `1%2f2`), not URI-encoded. */
  rawParams?: boolean;
  /** Query as pairs, so a key may repeat. */
  query?: [string, string][];
  /** The body as a value (encoded per `encoding`) or as raw text. */
  body?: unknown;
  rawBody?: string;
  /** How the body is sent; the operation's own (JSON or form) by default. */
  encoding?: 'json' | 'form' | 'text';
  token?: string;
}

export interface WireAnswer {
  status: number;
  text: string;
  body: { code?: unknown; message?: unknown; content?: { fields?: unknown } & Record<string, unknown> } | undefined;
}

/**
 * URI-encodes like a client would; a lone surrogate (no UTF-8 form) goes as
 * the bytes a careless encoder emits for it (WTF-8), which is what reaches a
 * server from a real attacker.
 */
export function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return Array.from(v, (ch) =>
      /^[\ud800-\udfff]$/.test(ch) ? (ch < '\udc00' ? '%ED%A0%80' : '%ED%B0%80') : encodeURIComponent(ch),
    ).join('');
  }
}

const encodeSegment = (v: unknown) => encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));

/** Query pairs of a value object; arrays repeat their key. */
export function queryPairs(query: unknown): [string, string][] {
  if (query === null || typeof query !== 'object') return [];
  // Objects go as JSON (String() of a null-prototype object throws).
  const text = (x: unknown) => (typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x));
  return Object.entries(query).flatMap(([k, v]): [string, string][] =>
    Array.isArray(v) ? v.map((x): [string, string] => [k, text(x)]) : [[k, text(v)]],
  );
}

/** Form encoding of any value: objects flatten one level, the rest is its string. */
const formOf = (body: unknown) =>
  body !== null && typeof body === 'object' && !Array.isArray(body)
    ? new URLSearchParams(queryPairs(body)).toString()
    : String(body);

export async function send(app: FastifyInstance, c: WireCase): Promise<WireAnswer> {
  const def = defOf(c.op);
  const url = def.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) =>
    c.rawParams ? String(c.params?.[name] ?? '') : encodeSegment(c.params?.[name] ?? ''),
  );
  const qs = c.query?.length ? `?${c.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
  const headers: Record<string, string> = {};
  if (def.access.auth === 'client') headers.authorization = clientBasic();
  // The device-facing API as a demo machine that is online and selling (the fuzz app lifts its rate limit).
  else if (def.access.auth === 'device') headers.authorization = deviceBasic(FUZZ_MACHINE);
  else if (c.token) headers.authorization = `Bearer ${c.token}`;
  let payload: string | undefined;
  if (c.rawBody !== undefined || c.body !== undefined) {
    const encoding = c.encoding ?? (def.form ? 'form' : 'json');
    headers['content-type'] =
      encoding === 'json'
        ? 'application/json'
        : encoding === 'form'
          ? 'application/x-www-form-urlencoded'
          : 'text/plain';
    payload = c.rawBody ?? (encoding === 'json' ? JSON.stringify(c.body) : formOf(c.body));
  }
  const res = await app.inject({ method: def.method, url: url + qs, headers, payload });
  let body: WireAnswer['body'];
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, text: res.body, body };
}

/** Success as the console reads it: HTTP 200 and body code 200 (the raw token answer has none). */
export const succeeded = (a: WireAnswer, op: ApiOp) =>
  defOf(op).binary === true
    ? // Bytes, whole or a range of them (a package's download), never an envelope.
      (a.status === 200 || a.status === 206) && a.body?.code === undefined
    : a.status === 200 && (defOf(op).raw === true ? a.body?.code === undefined : a.body?.code === CODE.ok);

/** A refusal the console can word: an envelope whose code has a text of its own in the catalogue. */
export const catalogued = (a: WireAnswer) => typeof a.body?.code === 'number' && a.body.code in ERRORS;

/** A refusal of the input's shape (a field error), as opposed to one about the rows it names. */
export const fieldError = (a: WireAnswer) => a.body?.code === CODE.badRequest && a.body.content?.fields !== undefined;
