/**
 * The handler table: the one entry point of the bridge, `call(op, input)`.
 * It looks the operation up in the API table or the local table, validates
 * the input part by part, attaches the session token, calls upstream and
 * validates the answer (ARCHITECTURE §2). Nothing the renderer sends reaches
 * the network unchecked, and the token never comes back out. A call that
 * names a session epoch other than the current one (a tab or window left on
 * a previous user) is refused before any of that (shared/ipc.ts
 * SESSION_CHANGED).
 */
import type { z } from 'zod';
import { api, type ApiOp } from '../../shared/domains.js';
import { type EndpointDef } from '../../shared/api/define.js';
import { CODE } from '../../shared/domains.js';
import {
  EPOCH_FREE,
  ipc,
  isIpcOp,
  PICK_KINDS,
  SESSION_CHANGED,
  type CallResult,
  type IpcOp,
  type PickKind,
  type SessionUser,
} from '../../shared/ipc.js';
import { createClient, type RequestInput, type UpstreamClient } from './client.js';
import { fieldsOf, parseKeyed } from '../../shared/validation.js';
import { fileId, IMAGE_MAX_BYTES } from '../../shared/file/index.js';
import { LOCAL, localError, NO_SESSION, ok } from './result.js';
import { createSession, isTokenRefusal, type Session } from './session.js';
import type { TokenVault } from './vault.js';
import type { PrefsStore } from './prefs.js';
import { createEventFeed } from './events.js';
import { createLiveExports } from './export.js';
import type { BridgeEvent } from '../../shared/ipc.js';
import { createLinks, type LinkOutcome } from './links.js';
import { createComplaintCount } from './badge.js';

/**
 * Who is calling: the shell names the calling window; browser mode and the
 * tests name none. Opaque to the core, handed back to the window host.
 */
export interface CallContext {
  /** The calling window's id (desktop). */
  window?: number;
  /**
   * The session epoch the calling page believes current (shared/ipc.ts
   * `CallMeta`). When given, a call for another session is refused with
   * `SESSION_CHANGED`; without it (a page that knows no session yet, the
   * tests) nothing is checked.
   */
  epoch?: string;
}

/**
 * The windows of the desktop shell (beyond the spec, from the §2 tab menu: a route in its own window, and
 * sign-out closing every window). Browser mode has none: the core then
 * answers `windows.open` with `opened: false` and the renderer opens a
 * browser window itself.
 */
export interface WindowHost {
  /** Opens `path` (a console route) in a new window sharing the session; false when it could not. */
  open(path: string, from: CallContext): Promise<boolean> | boolean;
  /** The session ended through `from`: close every other console window. */
  signedOut(from: CallContext): void;
  /** Brings the main window forward and tells it a deep link's screen waits (it asks `links.take`). */
  showMain?(): void;
}

export interface CoreOptions {
  /** Base URL of the vending-cloud API. */
  upstreamUrl: string;
  vault: TokenVault;
  prefs: PrefsStore;
  mode: 'desktop' | 'browser';
  version: string;
  clientId?: string;
  clientSecret?: string;
  /** The general upstream time-out (default 10 000 ms); endpoints with their own keep it. */
  timeoutMs?: number;
  /** The shell's windows (desktop only). */
  windows?: WindowHost;
  /** Subscribe to the upstream's live events (default true; tests of other things turn it off). */
  events?: boolean;
  /** The native save dialog (desktop only): writes the bytes where the user chose; false when cancelled. */
  saveFile?: (name: string, bytes: Buffer) => Promise<boolean>;
  /** The calling window printed to PDF and saved through the native save dialog (desktop only); false when cancelled. */
  savePdf?: (name: string, window: number | undefined) => Promise<boolean>;
  /** The native save dialog for a file main writes itself (desktop only): the path chosen, or null when cancelled. */
  choosePath?: (name: string) => Promise<string | null>;
  /** The count of open complaints changed (null: none to show); desktop only. */
  onOpenComplaints?: (open: number | null) => void;
  /** A deep link refused, with the reason (the shell logs it). */
  onRefusedLink?: (reason: string) => void;
  /** The native open dialog (desktop only): one image file chosen, read by main, or null when cancelled. */
  pickImage?: (label: string) => Promise<{ name: string; bytes: Buffer } | null>;
  /** The native open dialog (desktop only) for a kind of file (PICK_KINDS), read by main; `bytes` null when it is over the kind's size (not read); null when cancelled. */
  pickFile?: (kind: PickKind, label: string) => Promise<{ name: string; bytes: Buffer | null } | null>;
}

export interface Core {
  /**
   * Runs one operation for the renderer. Never throws; every refusal is a
   * CallResult. `from` names the calling window (desktop).
   */
  call(op: string, input: unknown, from?: CallContext): Promise<CallResult<unknown>>;
  /** The session (sign-in state); the shell and host need nothing else of it. */
  readonly session: Pick<Session, 'signIn' | 'current' | 'signOut' | 'user' | 'epoch'>;
  /** The upstream client, for the shell's own needs and the tests. */
  readonly client: UpstreamClient;
  /**
   * A file's bytes for the console's own `/files/<id>` route (browser-mode
   * host, desktop protocol): the renderer shows images by URL, never through
   * the bridge, and never sees the token that fetches them.
   */
  file(id: string): Promise<CallResult<{ mime: string; bytes: Uint8Array }>>;
  /** The session's live events from the upstream (electron/core/events.ts), for every window; returns the unsubscribe. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  /** Stops the event stream (the app is quitting). */
  close(): void;
  /**
   * A deep link the OS handed over (electron/core/links.ts): opened, kept
   * for the next sign-in, or refused (and said to `onRefusedLink`).
   */
  link(raw: string): Promise<LinkOutcome>;
  /** How many windows hold unsaved input now (`app.dirty`). */
  dirtyWindows(): number;
  /** A window closed: whatever it held is gone with it. */
  forgetWindow(id: number): void;
}

/** Operations of the API table the renderer may not call: the session owns them. */
export const SESSION_OWNED: ReadonlySet<string> = new Set<ApiOp>(['account.token', 'account.exit']);

export const isApiOp = (op: string): op is ApiOp => Object.hasOwn(api, op);

/** The machines' API and the mini-program's (shared/device/machine.ts, shared/member/app.ts): their paths' prefixes. */
const NOT_CONSOLE = ['/device-api/', '/member-api/'];

/** The session's own calls, bytes (served by URL), the machines' and the mini-program's API are not the renderer's to call. */
export const rendererCallable = (op: ApiOp): boolean => {
  const def = api[op] as EndpointDef;
  return !SESSION_OWNED.has(op) && !def.binary && !NOT_CONSOLE.some((prefix) => def.path.startsWith(prefix));
};

const sessionChanged = () => localError(SESSION_CHANGED.code, SESSION_CHANGED.message);

const PARTS = ['params', 'query', 'body'] as const;

/** Validates an API operation's input part by part with the endpoint's schemas. */
export function parseApiInput(
  op: ApiOp,
  input: unknown,
): { ok: true; value: RequestInput } | { ok: false; fields: Record<string, string> } {
  const def: EndpointDef = api[op];
  if (input !== undefined && (input === null || typeof input !== 'object' || Array.isArray(input))) {
    return { ok: false, fields: { input: 'validation.invalid' } };
  }
  const given = (input ?? {}) as Record<string, unknown>;
  const fields: Record<string, string> = {};
  for (const key of Object.keys(given)) {
    if (!(PARTS as readonly string[]).includes(key)) fields[key] = 'validation.unknownField';
  }
  const value: RequestInput = {};
  for (const part of PARTS) {
    const schema: z.ZodType | undefined = def[part];
    const raw = given[part];
    if (!schema) {
      if (raw !== undefined) fields[part] = 'validation.unknownField';
      continue;
    }
    // An absent part is read as an empty object when the schema needs one,
    // so a missing form reports its required fields one by one.
    let parsed = parseKeyed(schema, raw);
    if (!parsed.success && raw === undefined) parsed = parseKeyed(schema, {});
    if (!parsed.success) {
      for (const [key, message] of Object.entries(fieldsOf(parsed.error, part))) fields[key] ??= message;
      continue;
    }
    if (parsed.data !== undefined) (value as Record<string, unknown>)[part] = parsed.data;
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value };
}

export function createCore(opts: CoreOptions): Core {
  const client = createClient({
    baseUrl: opts.upstreamUrl,
    ...(opts.clientId !== undefined ? { clientId: opts.clientId } : {}),
    ...(opts.clientSecret !== undefined ? { clientSecret: opts.clientSecret } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    agent: `VendConsole/${opts.version} (${opts.mode})`,
  });
  const session = createSession(client, opts.vault);
  const feed = opts.events === false ? undefined : createEventFeed({ baseUrl: client.baseUrl, session });
  // Events the console makes itself (an export's progress), to the same listeners as the upstream's.
  const ownListeners = new Set<(event: BridgeEvent) => void>();
  const exports = createLiveExports();
  /** Whether the caller's page has lost its session since it called (a local operation's own API calls ask this). */
  const staleFor = (from: CallContext) => () => from.epoch !== undefined && from.epoch !== session.epoch();
  /** The windows that said they hold unsaved input (browser mode: the one page, as window -1). */
  const dirty = new Set<number>();
  const links = createLinks({
    // At a first launch nobody has asked yet: the stored token tells who is signed in.
    user: async () => {
      const current = await session.current();
      return current.ok ? current.content : null;
    },
    openWindow: (path) => opts.windows?.open(path, {}) ?? false,
    showMain: () => opts.windows?.showMain?.(),
    refused: (reason) => opts.onRefusedLink?.(reason),
  });
  const onOpen = opts.onOpenComplaints;
  const complaints = onOpen
    ? createComplaintCount({
        page: (status) =>
          callApi('complaint.page', { query: { pageNum: 1, pageSize: 1 }, body: { status } }, () => false),
        report: onOpen,
      })
    : undefined;
  if (complaints) feed?.subscribe((event) => event.topic === 'complaint' && complaints.soon());

  const local: {
    [K in IpcOp]: (
      input: z.output<(typeof ipc)[K]['input']>,
      raw: unknown,
      from: CallContext,
    ) => Promise<CallResult<unknown>>;
  } = {
    'session.signIn': async (form) => {
      const result = await session.signIn(form);
      // A link that came while nobody was signed in, judged for who signed in now.
      if (result.ok) {
        void links.signedIn(result.content);
        void complaints?.now();
      }
      return result;
    },
    // A window starting: the count for whoever its stored token says is signed in.
    'session.current': async () => {
      const result = await session.current();
      if (result.ok && result.content) void complaints?.now();
      return result;
    },
    'session.refresh': () => session.refresh(),
    // Signing out closes every window (§4 "Logout clears everything"); the caller's goes to sign-in itself.
    'session.signOut': async (_none, _raw, from) => {
      const result = await session.signOut();
      links.signedOut();
      complaints?.clear();
      opts.windows?.signedOut(from);
      return result;
    },
    'prefs.get': async () => ok(await opts.prefs.get()),
    // The parsed patch carries the schema's defaults; only the keys sent are set.
    'prefs.set': async (patch, raw) => {
      const sent = (raw ?? {}) as Record<string, unknown>;
      const only = Object.fromEntries(
        Object.entries(patch).filter(([k]) => Object.hasOwn(sent, k) && sent[k] !== undefined),
      );
      return ok(await opts.prefs.set(only));
    },
    'app.info': async () => ok({ mode: opts.mode, version: opts.version, upstream: client.baseUrl }),
    'links.take': async () => ok({ path: links.take() }),
    'app.dirty': async ({ dirty: holds }, _raw, from) => {
      const id = from.window ?? -1;
      if (holds) dirty.add(id);
      else dirty.delete(id);
      return ok(null);
    },
    'windows.open': async ({ path }, _raw, from) =>
      ok({ opened: opts.windows ? await opts.windows.open(path, from) : false }),
    'file.savePdf': async ({ name }, _raw, from) => {
      if (!opts.savePdf) return ok({ native: false, saved: false });
      return ok({ native: true, saved: await opts.savePdf(name, from?.window) });
    },
    'file.save': async ({ name, data }) => {
      if (!opts.saveFile) return ok({ native: false, saved: false });
      return ok({ native: true, saved: await opts.saveFile(name, Buffer.from(data, 'base64')) });
    },
    'export.orders': (input, _raw, from) => {
      return exports.run(input, {
        api: (op, given) => callApi(op, given, staleFor(from)),
        emit: (event) => {
          for (const l of ownListeners) {
            try {
              l({ ...event, epoch: session.epoch() });
            } catch {
              // One window's failure is not the others'.
            }
          }
        },
        ...(opts.choosePath ? { choosePath: opts.choosePath } : {}),
      });
    },
    'export.cancel': async ({ job }) => ok({ cancelled: exports.cancel(job) }),
    'file.pickFile': async ({ kind, label }) => {
      if (!opts.pickFile) return ok({ native: false, file: null });
      const picked = await opts.pickFile(kind, label);
      if (!picked) return ok({ native: true, file: null });
      // Too large is the kind's field error (the file is not read past its size).
      if (!picked.bytes || picked.bytes.length > PICK_KINDS[kind].maxBytes)
        return localError(CODE.badRequest, LOCAL.invalidInput, { file: PICK_KINDS[kind].tooLarge });
      return ok({ native: true, file: { name: picked.name, data: picked.bytes.toString('base64') } });
    },
    'file.pickImage': async ({ label }, _raw, from) => {
      if (!opts.pickImage) return ok({ native: false, file: null });
      const picked = await opts.pickImage(label);
      if (!picked) return ok({ native: true, file: null });
      // Too large is said here, before 2 MB cross the network for a refusal.
      if (picked.bytes.length > IMAGE_MAX_BYTES) return localError(CODE.fileTooLarge, LOCAL.invalidInput);
      const uploaded = await callApi(
        'file.upload',
        { body: { name: picked.name, data: picked.bytes.toString('base64') } },
        staleFor(from),
      );
      return uploaded.ok ? ok({ native: true, file: uploaded.content }) : uploaded;
    },
  };

  async function callLocal(op: IpcOp, input: unknown, from: CallContext): Promise<CallResult<unknown>> {
    const def = ipc[op];
    const parsed = parseKeyed(def.input, input);
    if (!parsed.success) return localError(CODE.badRequest, LOCAL.invalidInput, fieldsOf(parsed.error, 'input'));
    const handler = local[op] as (input: unknown, raw: unknown, from: CallContext) => Promise<CallResult<unknown>>;
    const result = await handler(parsed.data, input, from);
    if (!result.ok) return result;
    // The output schemas are the contract with the renderer: unknown keys are
    // stripped, so nothing else (the token least of all) can slip through.
    const out = def.output.safeParse(result.content);
    return out.success ? ok(out.data) : localError(CODE.serverError, LOCAL.invalidOutput);
  }

  async function callApi(op: ApiOp, input: unknown, stale: () => boolean): Promise<CallResult<unknown>> {
    if (!rendererCallable(op)) return localError(CODE.forbidden, LOCAL.notCallable);
    const parsed = parseApiInput(op, input);
    if (!parsed.ok) return localError(CODE.badRequest, LOCAL.invalidInput, parsed.fields);
    const token = await session.token();
    // Every change of session bumps the epoch before it touches the vault: a
    // sign-in that began while the token was read shows here, and its token
    // is not the page's.
    if (stale()) return sessionChanged();
    if (!token) return localError(NO_SESSION, LOCAL.noSession);
    const result = await client.request(op, parsed.value, token);
    // Spec §4: an expired or invalid token clears the token (and the session).
    if (!result.ok && isTokenRefusal(result.error)) await session.invalidate(token);
    return result;
  }

  async function file(id: string): Promise<CallResult<{ mime: string; bytes: Uint8Array }>> {
    const parsed = fileId.safeParse(id);
    if (!parsed.success) return localError(CODE.notFound, LOCAL.unknownOp);
    const token = await session.token();
    if (!token) return localError(NO_SESSION, LOCAL.noSession);
    const result = await client.request('file.content', { params: { id: parsed.data } }, token);
    if (!result.ok && isTokenRefusal(result.error)) await session.invalidate(token);
    return result as CallResult<{ mime: string; bytes: Uint8Array }>;
  }

  return {
    client,
    file,
    subscribe: (listener) => {
      ownListeners.add(listener);
      const fromFeed = feed?.subscribe(listener);
      return () => {
        ownListeners.delete(listener);
        fromFeed?.();
      };
    },
    close: () => feed?.stop(),
    link: (raw) => links.arrive(raw),
    dirtyWindows: () => dirty.size,
    forgetWindow: (id) => {
      dirty.delete(id);
    },
    session: {
      signIn: (form) => session.signIn(form),
      current: () => session.current(),
      signOut: () => session.signOut(),
      user: (): SessionUser | null => session.user(),
      epoch: () => session.epoch(),
    },
    async call(op, input, from = {}) {
      try {
        // JSON bridges send null for "no input".
        const given = input === null ? undefined : input;
        if (typeof op !== 'string') return localError(CODE.notFound, LOCAL.unknownOp);
        const local = isIpcOp(op);
        if (!local && !isApiOp(op)) return localError(CODE.notFound, LOCAL.unknownOp);
        // A page of another session (a tab still showing the previous user)
        // neither reads nor writes this one's data, nor ends this session.
        const checked = from.epoch !== undefined && !(local && EPOCH_FREE.has(op));
        const stale = () => checked && from.epoch !== session.epoch();
        if (stale()) return sessionChanged();
        return local ? await callLocal(op, given, from) : await callApi(op as ApiOp, given, stale);
      } catch {
        // A failing vault or store: still an answer, never an exception.
        return localError(CODE.serverError, LOCAL.internal);
      }
    },
  };
}
