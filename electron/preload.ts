/**
 * The preload (built as CommonJS: a sandboxed preload cannot be an ES module).
 * It exposes one object, `window.vend`, with one function; the renderer gets
 * no ipcRenderer, no channel names, no Node. Only `electron` and shared types
 * are imported, so nothing else is bundled here.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { VendBridge } from '../shared/ipc.js';

/** Must equal CALL_CHANNEL in shell-policy.ts (kept a literal so the bundle holds nothing but this file and electron). */
const CALL_CHANNEL = 'vend:call';

const vend: VendBridge = {
  call: (op, input, meta) => ipcRenderer.invoke(CALL_CHANNEL, op, input, meta),
};

contextBridge.exposeInMainWorld('vend', vend);
