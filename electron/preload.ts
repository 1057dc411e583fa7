/**
 * The preload (built as CommonJS: a sandboxed preload cannot be an ES module).
 * It exposes one object, `window.vend`, with one function; the renderer gets
 * no ipcRenderer, no channel names, no Node. Only `electron` and shared types
 * are imported, so nothing else is bundled here.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { VendBridge } from '../shared/ipc.js';

/** Must equal CALL_CHANNEL and EVENT_CHANNEL in shell-policy.ts (kept literals so the bundle holds nothing but this file and electron). */
const CALL_CHANNEL = 'vend:call';
const EVENT_CHANNEL = 'vend:event';

const vend: VendBridge = {
  call: (op, input, meta) => ipcRenderer.invoke(CALL_CHANNEL, op, input, meta),
  // The listener gets the event only, never the IPC event object (which would hand the page ipcRenderer's sender).
  subscribe: (listener) => {
    const forward = (_event: unknown, live: Parameters<typeof listener>[0]) => listener(live);
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
};

contextBridge.exposeInMainWorld('vend', vend);
