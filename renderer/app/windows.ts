/**
 * A console route in a window of its own (desktop beyond the spec: §2 tabs open in a window).
 * Desktop: main opens a new window on the same session. Browser mode: the
 * host cannot, so the page opens a browser window (same origin, same host
 * session; `noopener`, so the new page cannot reach this one).
 */
import { useCallback } from 'react';
import { callOp } from '../bridge.js';
import { useReport } from './report.js';

/** Opens `path` (a console route such as `/orderManagement/orderList`) in a new window. */
export async function openWindow(path: string): Promise<void> {
  const { opened } = await callOp('windows.open', { path });
  if (!opened) window.open(path, '_blank', 'noopener');
}

/** `openWindow` with failures reported the common way (an invalid path is a local refusal). */
export function useOpenWindow() {
  const report = useReport();
  return useCallback(
    (path: string) => {
      openWindow(path).catch((error: unknown) => report(error));
    },
    [report],
  );
}
