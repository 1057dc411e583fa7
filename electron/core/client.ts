/**
 * The upstream client: one generic request driven by the API table
 * (ARCHITECTURE §2). It fills the path, query and body of an operation, adds
 * the credentials its `access` asks for, and classifies every answer by spec
 * §8: the body code decides, even on HTTP 200/202. It never throws for an
 * upstream answer; network failures and time-outs come back as
 * `source: 'network'`.
 */
import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { api, type ApiOp } from '../../shared/domains.js';
import { fillPath, type EndpointDef } from '../../shared/api/define.js';
import { CODE } from '../../shared/domains.js';
import type { CallResult } from '../../shared/ipc.js';
import { fail, LOCAL, localError, ok } from './result.js';

/** Spec §7/§9: the general time-out; endpoints may name their own (`timeoutMs`). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The console's OAuth client, sent by HTTP Basic to `access: { auth: 'client' }` endpoints. */
export const DEFAULT_CLIENT_ID = 'vend-console';
export const DEFAULT_CLIENT_SECRET = 'vend-console-secret';

export const INVALID_ANSWER = 'invalid answer from upstream';

export interface ClientOptions {
  /** Base URL of the upstream, e.g. `http://127.0.0.1:8090` (a path prefix is kept). */
  baseUrl: string;
  clientId?: string;
  clientSecret?: string;
  /** The general time-out; endpoints with their own `timeoutMs` keep theirs. */
  timeoutMs?: number;
  /** Who is calling, sent as `X-Vend-Client` (`VendConsole/1.2.0 (desktop)`): the operation log's client column. */
  agent?: string;
}

/** What the client sends for an operation: already validated by the core. */
export interface RequestInput {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

export interface UpstreamClient {
  readonly baseUrl: string;
  /** Calls one operation of the API table; `token` is sent as a bearer token when given. */
  request(op: ApiOp, input?: RequestInput, token?: string | null): Promise<CallResult<unknown>>;
  /** The time-out in ms this client applies to an operation. */
  timeoutOf(op: ApiOp): number;
}

const definition = (op: ApiOp): EndpointDef => api[op];

/** The time-out of an operation: its own `timeoutMs`, else the general one. */
export function timeoutOf(op: ApiOp, generalMs: number = DEFAULT_TIMEOUT_MS): number {
  return definition(op).timeoutMs ?? generalMs;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const fieldKeys = z.record(z.string(), z.string());
/** A day at most: a longer wait is not ours to show. */
const retryAfterSeconds = z.number().int().positive().max(86_400);

const isSuccessStatus = (status: number) => status >= 200 && status < 300;

/**
 * Classifies one upstream answer (spec §8). Exported for the tests; the
 * client applies it to every answer.
 */
export function classify(def: EndpointDef, status: number, data: unknown): CallResult<unknown> {
  const record = isRecord(data) ? data : undefined;
  const bodyCode = record && Number.isInteger(record.code) ? (record.code as number) : undefined;
  const message = typeof record?.message === 'string' ? record.message : undefined;

  const invalid = () => fail({ source: 'upstream', code: CODE.serverError, status, message: INVALID_ANSWER });
  const validated = (value: unknown) => {
    const parsed = def.content.safeParse(value);
    return parsed.success ? ok(parsed.data) : invalid();
  };

  if (bodyCode !== undefined && bodyCode !== CODE.ok) {
    const fields = isRecord(record?.content) ? fieldKeys.safeParse(record.content.fields) : undefined;
    const retryAfter = isRecord(record?.content) ? retryAfterSeconds.safeParse(record.content.retryAfter) : undefined;
    return fail({
      source: 'upstream',
      code: bodyCode,
      status,
      ...(message !== undefined ? { message } : {}),
      ...(fields?.success ? { fields: fields.data } : {}),
      ...(retryAfter?.success ? { retryAfter: retryAfter.data } : {}),
    });
  }
  if (bodyCode === CODE.ok && !def.raw) return validated(record?.content);
  // No body code (or a raw answer): the HTTP status decides.
  if (!isSuccessStatus(status)) {
    return fail({
      source: 'upstream',
      code: status,
      status,
      httpOnly: true,
      ...(message !== undefined ? { message } : {}),
    });
  }
  return def.raw ? validated(data) : invalid();
}

/**
 * A binary answer (EndpointDef `binary`): the bytes with their type on
 * success; a refusal is the usual envelope, read from the bytes as JSON.
 */
export function classifyBinary(
  def: EndpointDef,
  status: number,
  contentType: string,
  data: ArrayBuffer,
): CallResult<unknown> {
  const bytes = new Uint8Array(data);
  if (isSuccessStatus(status) && !contentType.startsWith('application/json')) {
    // Checked as a raw answer is: against the endpoint's content schema.
    return classify({ ...def, raw: true }, status, { mime: contentType.split(';')[0]!.trim(), bytes });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    parsed = undefined;
  }
  return classify({ ...def, binary: false }, status, parsed);
}

/** Form-encodes a flat body (`form: true` endpoints); arrays repeat the key. */
export function formBody(body: unknown): string {
  const form = new URLSearchParams();
  if (isRecord(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null) continue;
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, String(v));
    }
  }
  return form.toString();
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function createClient(options: ClientOptions): UpstreamClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;
  const generalMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const loopback = LOOPBACK.has(new URL(baseUrl).hostname);

  const http: AxiosInstance = axios.create({
    baseURL: baseUrl,
    // Every answer is classified here, whatever its HTTP status.
    validateStatus: () => true,
    // The API never redirects; a redirect must not carry the token elsewhere.
    maxRedirects: 0,
    // A proxy from the environment must not see loopback traffic.
    ...(loopback ? { proxy: false as const } : {}),
    responseType: 'json',
    maxContentLength: 64 * 1024 * 1024,
    maxBodyLength: 16 * 1024 * 1024,
    transitional: { clarifyTimeoutError: true, silentJSONParsing: true, forcedJSONParsing: true },
  });

  return {
    baseUrl,
    timeoutOf: (op) => timeoutOf(op, generalMs),
    async request(op, input = {}, token) {
      const def = definition(op);
      let url: string;
      try {
        url = fillPath(def.path, input.params);
      } catch {
        return localError(CODE.badRequest, LOCAL.invalidInput, { params: 'validation.required' });
      }

      const headers: Record<string, string> = {
        Accept: 'application/json',
        ...(options.agent ? { 'X-Vend-Client': options.agent } : {}),
      };
      const config: AxiosRequestConfig = {
        method: def.method,
        url,
        headers,
        timeout: timeoutOf(op, generalMs),
      };
      if (input.query !== undefined) config.params = input.query;
      if (def.binary) config.responseType = 'arraybuffer';
      if (input.body !== undefined) {
        if (def.upload) {
          // The table's `{ name, data }` travels as the one file part the upstream reads (shared/api/define.ts `upload`).
          const { name, data } = input.body as { name: string; data: string };
          const form = new FormData();
          form.append('file', new Blob([Buffer.from(data, 'base64')]), name);
          config.data = form;
        } else if (def.form) {
          headers['Content-Type'] = 'application/x-www-form-urlencoded';
          config.data = formBody(input.body);
        } else {
          headers['Content-Type'] = 'application/json';
          config.data = input.body;
        }
      }
      if (def.access.auth === 'client') config.auth = { username: clientId, password: clientSecret };
      else if (token) headers.Authorization = `Bearer ${token}`;

      try {
        const res = await http.request<unknown>(config);
        if (def.binary)
          return classifyBinary(def, res.status, String(res.headers['content-type'] ?? ''), res.data as ArrayBuffer);
        return classify(def, res.status, res.data);
      } catch (err) {
        if (axios.isAxiosError(err)) {
          if (err.response) return classify(def, err.response.status, err.response.data);
          const timedOut = err.code === 'ETIMEDOUT' || err.code === 'ECONNABORTED';
          return fail({
            source: 'network',
            code: 0,
            status: 0,
            message: timedOut ? 'timeout' : (err.code ?? 'network error'),
          });
        }
        return localError(CODE.serverError, LOCAL.internal);
      }
    },
  };
}
