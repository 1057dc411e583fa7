/**
 * Saving a file the console made (a QR code, an Excel sheet): the native
 * save dialog on the desktop (main writes it; `file.save`), the browser's own
 * download in browser mode. True when saved, false when the user cancelled.
 */
import { callOp } from '../bridge.js';

export async function saveFile(name: string, mime: string, base64: string): Promise<boolean> {
  const result = await callOp('file.save', { name, data: base64 });
  if (result.native) return result.saved;
  download(name, mime, base64);
  return true;
}

/** Browser mode: the browser's own download of bytes the page holds. */
export function download(name: string, mime: string, base64: string): void {
  const a = document.createElement('a');
  a.href = `data:${mime};base64,${base64}`;
  a.download = name;
  a.click();
}
