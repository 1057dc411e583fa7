/**
 * A statement as a document. While a statement's page is on screen (it is
 * never kept in the background: its route is `noCache`), the kit's print
 * styles (renderer/kit/print.ts) show its document alone
 * (StatementDocument.tsx: no shell, no buttons, no day-by-day pages) on A4. The desktop prints the window to PDF
 * and saves it (`file.savePdf`); browser mode opens the browser's print,
 * whose "Save as PDF" does the same.
 */
import { callOp } from '../bridge.js';

/** Prints the statement: true when a PDF was saved (desktop), false when cancelled or left to the browser's print. */
export async function printStatement(name: string): Promise<boolean> {
  const result = await callOp('file.savePdf', { name });
  if (result.native) return result.saved;
  window.print();
  return false;
}

/** A file name for the statement: its party and month, without what a file name cannot hold. */
export const statementFileName = (party: string, month: string) =>
  `${party.replace(/[\\/:*?"<>|]/g, '_')}-${month}.pdf`;
