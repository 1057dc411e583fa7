/**
 * How the renderer reaches the core, without the operation tables' schemas:
 * `window.vend` from the Electron preload when present, otherwise browser
 * mode's HTTP bridge. The sign-in page calls through this alone (it loads
 * before zod and the API table); bridge.ts builds the typed calls,
 * hooks and session epoch on it.
 */
import type { CallError } from '../shared/errors/policy.js';
import type { BridgeEvent, CallMeta, CallResult, Op, OpInput, OpOutput, VendBridge } from '../shared/ipc.js';

declare global {
  interface Window {
    vend?: VendBridge;
  }
}

const NETWORK_ERROR: CallError = { source: 'network', code: 0, status: 0 };

/**
 * Browser mode: POST /bridge/<op> with the session epoch. The host knows the
 * browser by its HttpOnly launch cookie (electron/host/launch.ts), which the
 * page never sees and fetch sends by itself (same origin).
 */
export function httpBridge(fetchImpl: typeof fetch = fetch): VendBridge {
  // One EventSource for the page, open while anyone listens; it reconnects by itself.
  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: EventSource | undefined;
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!source && typeof EventSource !== 'undefined') {
        source = new EventSource('/bridge/events');
        source.onmessage = (message: MessageEvent<string>) => {
          let event: BridgeEvent;
          try {
            event = JSON.parse(message.data) as BridgeEvent;
          } catch {
            return;
          }
          for (const l of listeners) l(event);
        };
      }
      return () => {
        listeners.delete(listener);
        if (!listeners.size) {
          source?.close();
          source = undefined;
        }
      };
    },
    async call<K extends Op>(op: K, input: OpInput<K>, meta?: CallMeta): Promise<CallResult<OpOutput<K>>> {
      try {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (meta?.epoch !== undefined) headers['x-vend-epoch'] = meta.epoch;
        const res = await fetchImpl(`/bridge/${op}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(input ?? {}),
        });
        return (await res.json()) as CallResult<OpOutput<K>>;
      } catch {
        return { ok: false, error: NETWORK_ERROR };
      }
    },
  };
}

let bridge: VendBridge | undefined;

/** The page's one bridge (browser mode: one event stream for the page, whoever listens). */
export function pageBridge(): VendBridge {
  bridge ??= typeof window !== 'undefined' && window.vend ? window.vend : httpBridge();
  return bridge;
}

/** One call without the page's session epoch (the sign-in page has none yet). */
export const rawCall = <K extends Op>(op: K, input: OpInput<K>): Promise<CallResult<OpOutput<K>>> =>
  pageBridge().call(op, input);
