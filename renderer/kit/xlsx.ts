/**
 * A workbook of plain sheets the console makes itself (a chart's figures, a
 * pick list), as base64 for `saveFile`: exceljs, loaded only when a sheet is
 * written — it is large, and no screen needs it to draw.
 */
import { saveFile } from '../app/save.js';

export interface SheetColumn {
  header: string;
  /** In characters; 16 by default. */
  width?: number;
  /** Excel's number format for the column (`#,##0.00` for yuan). */
  format?: string;
}

export interface Sheet {
  name: string;
  columns: readonly SheetColumn[];
  rows: readonly (readonly (string | number)[])[];
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet an export of the upstream made: its file name, its bytes in base64, how many rows it holds. */
export interface MadeSheet {
  name: string;
  data: string;
  rows: number;
}

/**
 * Saves a sheet an export made and says so: `saved` with its row count once
 * it is saved (nothing when the save dialog was cancelled); with `none`, a
 * sheet without rows is not offered for saving, and `none` is said instead.
 */
export async function saveSheet(
  sheet: MadeSheet,
  notify: (text: string) => void,
  said: { saved: (rows: number) => string; none?: string },
): Promise<void> {
  if (sheet.rows === 0 && said.none !== undefined) notify(said.none);
  else if (await saveFile(sheet.name, XLSX_MIME, sheet.data)) notify(said.saved(sheet.rows));
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';

export async function sheetsXlsx(sheets: readonly Sheet[]): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = book.addWorksheet(sheetName(s.name));
    sheet.columns = s.columns.map((c) => ({
      header: c.header,
      width: c.width ?? 16,
      ...(c.format ? { style: { numFmt: c.format } } : {}),
    }));
    for (const row of s.rows) sheet.addRow([...row]);
    sheet.getRow(1).font = { bold: true };
  }
  const buffer = await book.xlsx.writeBuffer();
  let binary = '';
  const bytes = new Uint8Array(buffer as ArrayBuffer);
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
