/** Reading the .xlsx answers of export operations in tests: each worksheet's rows as plain cell values. */
import ExcelJS from 'exceljs';

/** Every worksheet of a workbook (bytes, or base64 as the API answers them), each row's cells from column A. */
export async function readSheets(file: Buffer | string): Promise<{ name: string; rows: unknown[][] }[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((typeof file === 'string' ? Buffer.from(file, 'base64') : file) as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: sheet.name, rows };
  });
}

/** The first worksheet's rows. */
export const sheetRows = async (file: Buffer | string): Promise<unknown[][]> => (await readSheets(file))[0]!.rows;
