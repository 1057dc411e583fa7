/** What the import tests share: an .xlsx as a file to choose, an import run in the kit's dialog, its report read back. */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';

/** A file the dialog's file input takes. */
export const xlsxFile = (name: string, buffer: Buffer) => ({
  name,
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  buffer,
});

/** Chooses the mode and the file in the kit's import dialog (`testId`) and starts the import. */
export async function runImport(page: Page, testId: string, file: ReturnType<typeof xlsxFile>, mode: 'all' | 'good') {
  await page.getByTestId(`${testId}-mode-${mode}`).click();
  await page.getByTestId(`${testId}-file`).setInputFiles(file);
  await page.getByTestId(`${testId}-submit`).click();
}

/** The bad-row report the dialog saves, read back: each row's cells (the sheet's row number first), the header left out. */
export async function reportRows(page: Page, testId: string): Promise<unknown[][]> {
  const download = page.waitForEvent('download');
  await page.getByTestId(`${testId}-report`).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await (await download).path())!)) as unknown as ArrayBuffer);
  return book.worksheets[0]!.getSheetValues()
    .slice(2)
    .map((r) => (r as unknown[]).slice(1));
}
