/**
 * Importing staff end to end: enterprise1 imports a sheet with
 * two bad rows all-or-nothing — nothing goes in, the report names the two
 * rows —, then the good rows; the list shows them, and the template downloads.
 */
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { catalogues } from '../../../shared/domains.js';
import { reportRows, runImport, xlsxFile } from '../sheets.js';
import { notification, test, openAs } from '../support.js';

const en = catalogues.en;

async function staffSheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Staff');
  ws.addRow(['Name (required)', 'Position', 'Card id (required)', 'Phone (required)', 'Remark']);
  ws.addRow(['韩梅', '收银员', '33000001', '13962100201', '']);
  ws.addRow(['', '服务员', '33000002', '13962100202', '']);
  ws.addRow(['刘洋', '厨师', '33000003', '13962100203', '早班']);
  ws.addRow(['孙悦', '配送员', '33000004', '1396210', '']);
  ws.addRow(['蒋琪', '店员', '33000005', '13962100205', '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('enterprise1 imports staff with two bad rows, reads the report, then imports the good rows', async ({
  page,
  baseURL,
}) => {
  await openAs(page, baseURL, 'enterprise1');
  await expect(page).toHaveURL(/\/costumeMent\/staffPage$/);
  await page.getByTestId('customer-staff-import').click();

  // The template.
  const templateDownload = page.waitForEvent('download');
  await page.getByTestId('customer-import-template').click();
  expect((await templateDownload).suggestedFilename()).toBe('staff-import-template.xlsx');
  await expect(notification(page)).toHaveText(en.sheetImport.templateSaved);

  // Nothing chosen: said at the field.
  await page.getByTestId('customer-import-submit').click();
  await expect(page.getByText(en.sheetImport.chooseFirst)).toBeVisible();
  const sheet = xlsxFile('staff.xlsx', await staffSheet());
  await page.getByTestId('customer-import-file').setInputFiles(sheet);
  await expect(page.getByTestId('customer-import-name')).toHaveText('staff.xlsx');
  await runImport(page, 'customer-import', sheet, 'all');
  await expect(page.getByTestId('customer-import-summary')).toHaveText(en.sheetImport.noneWritten, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('customer-import-bad')).toHaveText(en.sheetImport.bad.replace('{{count}}', '2'));

  // The report: rows 3 and 5 with what is wrong.
  const lines = await reportRows(page, 'customer-import');
  expect(lines.map((l) => l[0])).toEqual([3, 5]);
  expect(String(lines[1]![6])).toContain('Phone');

  // Again, the good rows only.
  await page.getByTestId('customer-import-submit').click();
  await runImport(page, 'customer-import', sheet, 'good');
  await expect(page.getByTestId('customer-import-summary')).toHaveText(
    en.sheetImport.done.replace('{{inserted}}', '3').replace('{{updated}}', '0').replace('{{unchanged}}', '0'),
    { timeout: 20_000 },
  );
  // Done: nothing left to cancel, the button closes.
  await expect(page.getByTestId('customer-import-cancel')).toHaveText(catalogues.en.common.close);
  await page.getByTestId('customer-import-cancel').click();
  await page.getByTestId('customer-staff-filter-keyword').fill('3300000');
  await page.getByTestId('customer-staff-search').click();
  await expect(page.getByTestId('customer-staff-cardId')).toHaveText(['33000005', '33000003', '33000001']);
});
