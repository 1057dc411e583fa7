/**
 * Reading an uploaded staff sheet (shared/customer/imports.ts): the first
 * worksheet a row at a time with exceljs's streaming reader, each row
 * checked with the single add's own schema, card ids unique in the file.
 * Bounded before anything is inflated: the file is a zip (808 otherwise)
 * whose parts, as its directory declares them, stay within what 100 000 rows
 * take (810); then the reading stops at the row past the limit (812) or at
 * the first formula (811) — a sheet of a million rows is never read through.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { CODE } from '../../shared/domains.js';
import { catalogues } from '../../shared/domains.js';
import {
  customerStaffInput,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  type CustomerStaffInput,
  type ImportColumn,
} from '../../shared/customer/index.js';
import type { Lang } from '../../shared/i18n/define.js';

/** What the parts of a sheet of IMPORT_LIMITS.maxRows rows inflate to at most, with room: a zip claiming more is a bomb, not staff. */
const MAX_INFLATED = 400 * 1024 * 1024;
const PROGRESS_EVERY = 5_000;

/** A file refused whole, with its code. */
export class SheetRefused extends Error {
  constructor(readonly code: number) {
    super(`staff sheet refused: ${code}`);
  }
}

/** A problem of a row: a message key of the catalogues, with its values. */
export interface Problem {
  key: string;
  field?: ImportColumn;
  values?: Record<string, string | number>;
}
export interface GoodRow {
  row: number;
  input: CustomerStaffInput;
}
export interface BadRow {
  row: number;
  cells: string[];
  problems: Problem[];
}
export interface SheetRows {
  good: GoodRow[];
  bad: BadRow[];
  read: number;
}

/** A zip's first bytes (an .xlsx is one): told at the upload, checked again before reading. */
export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

async function checkParts(bytes: Buffer): Promise<unzipper.CentralDirectory> {
  if (!isZip(bytes)) throw new SheetRefused(CODE.importNotXlsx);
  let directory: unzipper.CentralDirectory;
  try {
    directory = await unzipper.Open.buffer(bytes);
  } catch {
    throw new SheetRefused(CODE.importNotXlsx);
  }
  if (!directory.files.some((f) => f.path === 'xl/workbook.xml')) throw new SheetRefused(CODE.importNotXlsx);
  if (directory.files.reduce((sum, f) => sum + f.uncompressedSize, 0) > MAX_INFLATED)
    throw new SheetRefused(CODE.importTooLarge);
  return directory;
}

/** The streaming reader's own part parsers, which its single pass calls (exceljs 4.4 lib/stream/xlsx/workbook-reader.js). */
interface ReaderParts {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(rows: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
  parse(): AsyncGenerator<unknown>;
}

/**
 * exceljs's streaming reader, its parts read by the zip's central directory.
 * Its own parse reads the zip in one pass (unzipper's Parse) and, on Node 18
 * and later, now and then loses the last entry: with the books exceljs
 * writes, xl/workbook.xml, stored after the sheet — the sheet then fails
 * ("reading 'sheets'") and a good file was refused as no .xlsx, about one
 * read in three hundred here (exceljs#3064; the upstream fix, #3065, is not
 * in a release). The bytes are in memory already, and their directory was
 * read to bound them: the workbook's parts are parsed first, in the order the
 * sheet needs them, then the first sheet — still a row at a time.
 */
function sheetReader(directory: unzipper.CentralDirectory): ExcelJS.stream.xlsx.WorkbookReader {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const parts = reader as unknown as ReaderParts;
  const part = (path: string) => directory.files.find((f) => f.path === path)?.stream() as Readable | undefined;
  parts.parse = async function* () {
    const rels = part('xl/_rels/workbook.xml.rels');
    if (rels) await parts._parseRels(rels);
    const workbook = part('xl/workbook.xml');
    if (workbook) await parts._parseWorkbook(workbook);
    const strings = part('xl/sharedStrings.xml');
    if (strings) yield* parts._parseSharedStrings(strings);
    // The first tab, as the workbook lists them; else the lowest-numbered sheet.
    const firstTab = parts.model?.sheets?.[0];
    const target =
      firstTab && parts.workbookRels?.find((r) => r.Id === firstTab.rId)?.Target.replace(/^\/?(xl\/)?/, '');
    const numbered = directory.files
      .map((f) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(f.path))
      .filter((m) => m !== null)
      .sort((a, b) => Number(a[1]) - Number(b[1]));
    const sheet = numbered.find((m) => `worksheets/sheet${m[1]}.xml` === target) ?? numbered[0];
    if (sheet) yield* parts._parseWorksheet(part(sheet[0])!, sheet[1]!);
  };
  return reader;
}

type CellValue = ExcelJS.CellValue;
const isFormula = (v: CellValue) => typeof v === 'object' && v !== null && ('formula' in v || 'sharedFormula' in v);

/** A cell as the text a person typed: numbers as written (card ids and phones are often numbers), rich text joined. */
function textOf(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('richText' in v)
    return v.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('text' in v && typeof v.text === 'string') return v.text.trim();
  return '';
}

/** A header cell reduced to compare: no required mark, no spaces, lower case. */
const bare = (text: string) =>
  text
    .replace(/[*＊]|（[^）]*）|\([^)]*\)/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();

/** The template's column names in every language: a header row in any of them is the template's. */
export const columnLabel = (lang: Lang, column: ImportColumn) => catalogues[lang].customer.staff[column];
const HEADERS = (['zh-CN', 'zh-TW', 'en'] as const).map((lang) =>
  IMPORT_COLUMNS.map((c) => bare(columnLabel(lang, c))),
);
const isHeader = (cells: readonly string[]) =>
  HEADERS.some((h) => h.every((label, i) => bare(cells[i] ?? '') === label));

export async function readStaffSheet(
  bytes: Buffer,
  progress: (read: number) => Promise<void> | void = () => {},
): Promise<SheetRows> {
  const reader = sheetReader(await checkParts(bytes));
  const good: GoodRow[] = [];
  const bad: BadRow[] = [];
  const cards = new Map<string, number>();
  let read = 0;
  let header = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as CellValue[];
        if (values.some(isFormula)) throw new SheetRefused(CODE.importFormula);
        const cells = IMPORT_COLUMNS.map((_, i) => textOf(values[i + 1]));
        if (cells.every((c) => c === '')) continue;
        if (!header) {
          if (!isHeader(cells)) throw new SheetRefused(CODE.importHeader);
          header = true;
          continue;
        }
        if (++read > IMPORT_LIMITS.maxRows) throw new SheetRefused(CODE.importTooManyRows);
        check(row.number, cells, cards, good, bad);
        if (read % PROGRESS_EVERY === 0) await progress(read);
      }
      // The first sheet only: others (notes, lists) are not staff.
      break;
    }
  } catch (err) {
    if (err instanceof SheetRefused) throw err;
    // What the reader could not take apart is no spreadsheet it knows.
    throw new SheetRefused(CODE.importNotXlsx);
  }
  if (read === 0) throw new SheetRefused(CODE.importEmpty);
  return { good, bad, read };
}

function check(row: number, cells: string[], cards: Map<string, number>, good: GoodRow[], bad: BadRow[]) {
  const [name, position, cardId, phone, remark] = cells as [string, string, string, string, string];
  const parsed = customerStaffInput.safeParse({ name, position, cardId, phone, remark });
  const problems: Problem[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ key: i.message, field: i.path[0] as ImportColumn }));
  const first = cards.get(cardId);
  if (cardId && first !== undefined)
    problems.push({ key: 'customer.sheet.cardInFile', field: 'cardId', values: { row: first } });
  else if (cardId) cards.set(cardId, row);
  if (problems.length || !parsed.success) bad.push({ row, cells, problems });
  else good.push({ row, input: parsed.data });
}

/** A problem in words of `lang`. */
export function problemText(lang: Lang, problem: Problem): string {
  let text: unknown = catalogues[lang];
  for (const part of problem.key.split('.')) text = (text as Record<string, unknown> | undefined)?.[part];
  const words = (typeof text === 'string' ? text : problem.key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(problem.values?.[name] ?? ''),
  );
  return problem.field ? `${columnLabel(lang, problem.field)}: ${words}` : words;
}
