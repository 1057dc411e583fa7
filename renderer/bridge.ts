/**
 * The renderer's one way out (ARCHITECTURE §1): `window.vend` from the
 * Electron preload when present, otherwise the HTTP bridge of browser mode.
 * Hooks over it give TanStack Query keys `[op, input]` and typed errors.
 */
import {
  hashKey,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { CallError } from '../shared/errors/policy.js';
import { isSessionChanged, type BridgeEvent, type Op, type OpInput, type OpOutput } from '../shared/ipc.js';
import { pageBridge } from './transport.js';

/** What a failed call throws: a real Error (stack, instanceof) carrying the `CallError`. */
export class OpError extends Error implements CallError {
  readonly source: CallError['source'];
  readonly code: number;
  readonly status: number;
  readonly fields?: Record<string, string>;
  readonly retryAfter?: number;
  readonly httpOnly?: true;
  /** The server's own message, if it sent one (`message` is never undefined on an Error). */
  readonly serverMessage?: string;

  constructor(
    readonly op: Op,
    error: CallError,
  ) {
    super(error.message ?? `${op} failed: ${error.source} ${error.code}`);
    this.name = 'OpError';
    this.source = error.source;
    this.code = error.code;
    this.status = error.status;
    if (error.fields) this.fields = error.fields;
    if (error.retryAfter !== undefined) this.retryAfter = error.retryAfter;
    if (error.httpOnly) this.httpOnly = true;
    if (error.message) this.serverMessage = error.message;
  }
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: OpError;
    /**
     * `silent`: the query's failure is not reported by the common error path; 'unobserved': only while a
     * component watches it, or when it ends the session (a read started ahead, see readAhead).
     */
    queryMeta: { silent?: boolean | 'unobserved' };
  }
}

/**
 * The session this page shows (`SessionUser.epoch`), sent with every call so
 * that the core refuses the calls of a page left on a previous user. Set by
 * the session module when the page adopts a session (renderer/app/session.ts).
 */
let epoch: string | undefined;
export const setSessionEpoch = (next: string | undefined) => {
  epoch = next;
};

/** The session epoch this page shows (live events of another session are not its own). */
export const sessionEpoch = () => epoch;

/** Whether the console runs in its desktop shell (the preload's bridge), not in a browser. */
export const onDesktop = (): boolean => typeof window !== 'undefined' && window.vend !== undefined;

/** Hears the session's live events (through whichever bridge); returns the unsubscribe. */
export function subscribeLive(listener: (event: BridgeEvent) => void): () => void {
  return pageBridge().subscribe(listener);
}

type ChangeListener = (op: Op) => void;
const changeListeners = new Set<ChangeListener>();

/** Hears every call the core refused because the session changed elsewhere; returns the unsubscribe. */
export function onSessionChanged(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Calls an operation; resolves with its content or throws an `OpError`. */
export async function callOp<K extends Op>(op: K, input: OpInput<K>): Promise<OpOutput<K>> {
  const bridge = pageBridge();
  const result = await (epoch === undefined ? bridge.call(op, input) : bridge.call(op, input, { epoch }));
  if (!result.ok) {
    // The page's session is gone: its watcher reloads the current one (the
    // call still fails for its caller, whose report stays silent about it).
    if (isSessionChanged(result.error)) for (const listener of changeListeners) listener(op);
    throw new OpError(op, result.error);
  }
  return result.content;
}

export const opKey = <K extends Op>(op: K, input?: OpInput<K>) => [op, input] as const;

type OpQueryOptions<K extends Op> = Omit<UseQueryOptions<OpOutput<K>, OpError>, 'queryKey' | 'queryFn'>;

/** A query of one operation, keyed `[op, input]`; `error` is the call's `OpError`. */
export function useOp<K extends Op>(op: K, input: OpInput<K>, options?: OpQueryOptions<K>) {
  const client = useQueryClient();
  const queryKey = opKey(op, input);
  const queryFn = () => callOp(op, input);
  if (options?.enabled === undefined || options.enabled === true) readAhead(client, queryKey, queryFn, options?.meta);
  return useQuery<OpOutput<K>, OpError>({ queryKey, queryFn, ...options });
}

/** Whether the error path listens (renderer/app/report.tsx sets it): reads start ahead only then. */
let errorPathListens = false;
export function setErrorPathListens(listens: boolean) {
  errorPathListens = listens;
}

/**
 * Starts a read a component asks for while its first render runs, where the
 * hook alone starts it after the page has committed: a screen opened renders
 * its frame (filters, table, the shell around it) for 100–300 ms before its
 * effects run, and its rows waited that long before they were even asked
 * for (`npm run bench:browser`: a fifth of every move). A side effect of a
 * render, which React would not have: it only fills the cache the hook then
 * reads (a render thrown away leaves a read in the cache, as a prefetch
 * does), and a key already in the cache is left to the hook.
 *
 * Only once the error path listens: the first screen of a page load renders
 * before it does, and a refusal that ends the session (a revoked token) must
 * be said by that path, not found later as a session gone elsewhere
 * (tests/e2e/account/session.spec.ts). A failure is reported once: by the
 * hook's own read on mount when it failed before the component mounted
 * (`silent: 'unobserved'`, App.tsx), else as it fails, and at once if it ends
 * the session.
 */
function readAhead(
  client: QueryClient,
  queryKey: readonly unknown[],
  queryFn: () => Promise<unknown>,
  meta: { silent?: boolean | 'unobserved' } | undefined,
) {
  if (!errorPathListens || cachedQuery(client, queryKey)) return;
  void client.prefetchQuery({ queryKey, queryFn, meta: { ...meta, silent: meta?.silent ?? 'unobserved' } });
}

/**
 * Whether a component that mounts over a query already answered asks it
 * again (the client's `refetchOnMount`). A read started ahead (readAhead,
 * useReadsAhead) often answers before the component that wanted it has
 * finished its first render; with every read stale at once (staleTime 0) the
 * mount then asked it a second time, and the table showed itself busy until
 * that answer too (`npm run bench:browser`: the order list's move, 330–390
 * ms, a third of it the second read). An answer younger than this is the one
 * the mount would have asked for; an invalidated one is asked again always.
 */
export const FRESH_FOR_MOUNT_MS = 1_000;
export const refetchOnMount = (query: { state: { isInvalidated: boolean; dataUpdatedAt: number } }, now = Date.now()) =>
  query.state.isInvalidated || now - query.state.dataUpdatedAt >= FRESH_FOR_MOUNT_MS;

/** One read of an operation, as `useOp(op, input)` would make it. */
export type OpRead = { [K in Op]: readonly [K, OpInput<K>] }[Op];

/**
 * Starts, during this render, reads the components below will ask for only
 * once they render — a detail page's cards wait for the record, and their
 * reads went out one round trip after it (`npm run bench:browser`: the
 * device page's move). Each is started as `useOp` starts its own (readAhead:
 * not when the cache holds it, a failure said only by the hook that reads it).
 */
export function useReadsAhead(reads: readonly OpRead[]) {
  const client = useQueryClient();
  for (const [op, input] of reads) {
    readAhead(client, opKey(op, input), () => callOp(op, input as OpInput<typeof op>), undefined);
  }
}

/**
 * The cache's query of a key, by the cache's own lookup by hash: `find({ queryKey, exact: true })` hashes
 * the key afresh for every query in the cache (query-core's `matchQuery`), and readAhead runs on every
 * render of every `useOp` — after a dozen screens, hundreds of hashes a render. No query here sets its own
 * `queryKeyHashFn`, so the cache's hash of a key is `hashKey`'s.
 */
export const cachedQuery = (client: QueryClient, queryKey: readonly unknown[]) =>
  client.getQueryCache().get(hashKey(queryKey));

/**
 * Starts the query `useOp(op, input)` would make, before the component that
 * uses it has committed (a slow first render need not delay its reads).
 * `silent`: a refusal is not reported here — the page asks again and says it
 * once (a window opened for an order that is not there).
 */
export function prefetchOp<K extends Op>(
  client: QueryClient,
  op: K,
  input: OpInput<K>,
  options: { staleTime?: number; silent?: boolean } = {},
) {
  return client.prefetchQuery({
    queryKey: opKey(op, input),
    queryFn: () => callOp(op, input),
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
    ...(options.silent ? { meta: { silent: true } } : {}),
  });
}

/** A mutation of one operation; on success the queries of `invalidates` are refetched. */
export function useOpMutation<K extends Op>(op: K, options?: { invalidates?: readonly Op[] }) {
  const client = useQueryClient();
  return useMutation<OpOutput<K>, OpError, OpInput<K>>({
    mutationKey: [op],
    mutationFn: (input) => callOp(op, input),
    onSuccess: async () => {
      await Promise.all((options?.invalidates ?? []).map((o) => client.invalidateQueries({ queryKey: [o] })));
    },
  });
}
