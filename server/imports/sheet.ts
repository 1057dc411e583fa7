/**
 * Reading an uploaded sheet (shared/imports.ts): the first worksheet a row at
 * a time with exceljs's streaming reader, the header row matched against the
 * template's in any of the three languages, each row checked by the
 * importer's own check (the single add's schema), the identifying column
 * unique in the file. Bounded before anything is inflated: the file is a zip (808 otherwise)
 * whose parts, as its directory declares them, stay within what 100 000 rows
 * take (810); then the reading stops at the row past the limit (812) or at
 * the first formula (811) — a sheet of a million rows is never read through.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { catalogues, CODE } from '../../shared/domains.js';
import type { Lang } from '../../shared/i18n/define.js';
import { IMPORT_LIMITS } from '../../shared/imports.js';

/** What the parts of a sheet of IMPORT_LIMITS.maxRows rows inflate to at most, with room: a zip claiming more is a bomb, not staff. */
const MAX_INFLATED = 400 * 1024 * 1024;
const PROGRESS_EVERY = 5_000;

/** A file refused whole, with its code. */
export class SheetRefused extends Error {
  constructor(readonly code: number) {
    super(`sheet refused: ${code}`);
  }
}

/** A problem of a row: a message key of the catalogues, with its values, and the column it is about. */
export interface Problem {
  key: string;
  field?: string;
  values?: Record<string, string | number>;
}
export interface GoodRow<T> {
  row: number;
  /** The cells as read: what the report shows should the row turn out bad against what is stored. */
  cells: string[];
  input: T;
}
export interface BadRow {
  row: number;
  cells: string[];
  problems: Problem[];
}
export interface SheetRows<T> {
  good: GoodRow<T>[];
  bad: BadRow[];
  read: number;
  /** Blank rows between the header and the last row read (skipped, and counted so the summary adds up). */
  blank: number;
}

/** What a domain's sheet is: its columns in order, their names, and how a row is checked. */
export interface SheetSpec<T, C extends string = string> {
  columns: readonly C[];
  /** A column's name in the template and the report, in `lang`. */
  label: (lang: Lang, column: C) => string;
  /** The columns the template marks required. */
  required: readonly C[];
  /** A row's cells (in the columns' order) as the single add's input, or what is wrong with them. */
  check: (cells: readonly string[]) => { input: T } | { problems: Problem[] };
  /** The column that names a row (a card id, an identifier): a second row with the same value is bad (`problem`, a message key). */
  unique: { column: C; problem: string };
  /** Other names a header may give a column (a group's identifier headed by its kind: 手机号, Phone). */
  aliases?: (column: C) => readonly string[];
}

/**
 * A row checked by the schema a single add is checked by: the cells named by the sheet's columns, in order;
 * each issue a problem at the column it is about.
 */
export function checkBy<T, C extends string>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
  },
  columns: readonly C[],
): SheetSpec<T, C>['check'] {
  return (cells) => {
    const parsed = schema.safeParse(Object.fromEntries(columns.map((c, i) => [c, cells[i]])));
    return parsed.success
      ? { input: parsed.data }
      : { problems: parsed.error.issues.map((i) => ({ key: i.message, field: String(i.path[0]) })) };
  };
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

const LANGS = ['zh-CN', 'zh-TW', 'en'] as const;

/** Whether a row is the template's header in any of the three languages, a column also by one of its other names. */
function isHeader<T, C extends string>(spec: SheetSpec<T, C>, cells: readonly string[]) {
  const named = (c: C, i: number) => {
    const cell = bare(cells[i] ?? '');
    return (
      LANGS.some((lang) => cell === bare(spec.label(lang, c))) ||
      (spec.aliases?.(c) ?? []).some((a) => cell === bare(a))
    );
  };
  return spec.columns.every(named);
}

export async function readSheet<T, C extends string>(
  bytes: Buffer,
  spec: SheetSpec<T, C>,
  progress: (read: number) => Promise<void> | void = () => {},
): Promise<SheetRows<T>> {
  const reader = sheetReader(await checkParts(bytes));
  const good: GoodRow<T>[] = [];
  const bad: BadRow[] = [];
  const seen = new Map<string, number>();
  let read = 0;
  // Row numbers, not a count of blank rows met: the streaming reader never yields a row the file leaves out.
  let headerRow = 0;
  let lastRow = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as CellValue[];
        if (values.some(isFormula)) throw new SheetRefused(CODE.importFormula);
        const cells = spec.columns.map((_, i) => textOf(values[i + 1]));
        if (cells.every((c) => c === '')) continue;
        if (!headerRow) {
          if (!isHeader(spec, cells)) throw new SheetRefused(CODE.importHeader);
          headerRow = row.number;
          continue;
        }
        lastRow = row.number;
        if (++read > IMPORT_LIMITS.maxRows) throw new SheetRefused(CODE.importTooManyRows);
        checkRow(spec, row.number, cells, seen, good, bad);
        if (read % PROGRESS_EVERY === 0) await progress(read);
      }
      // The first sheet only: others (notes, lists) are not rows to import.
      break;
    }
  } catch (err) {
    if (err instanceof SheetRefused) throw err;
    // What the reader could not take apart is no spreadsheet it knows.
    throw new SheetRefused(CODE.importNotXlsx);
  }
  if (read === 0) throw new SheetRefused(CODE.importEmpty);
  return { good, bad, read, blank: lastRow - headerRow - read };
}

function checkRow<T, C extends string>(
  spec: SheetSpec<T, C>,
  row: number,
  cells: string[],
  seen: Map<string, number>,
  good: GoodRow<T>[],
  bad: BadRow[],
) {
  const checked = spec.check(cells);
  const problems = 'problems' in checked ? [...checked.problems] : [];
  const key = cells[spec.columns.indexOf(spec.unique.column)];
  const first = key ? seen.get(key) : undefined;
  if (key && first !== undefined)
    problems.push({ key: spec.unique.problem, field: spec.unique.column, values: { row: first } });
  else if (key) seen.set(key, row);
  if (problems.length || !('input' in checked)) bad.push({ row, cells, problems });
  else good.push({ row, cells, input: checked.input });
}

/** A problem in words of `lang`, after its column's name. */
export function problemText<C extends string>(
  lang: Lang,
  problem: Problem,
  label: (lang: Lang, column: C) => string,
): string {
  let text: unknown = catalogues[lang];
  for (const part of problem.key.split('.')) text = (text as Record<string, unknown> | undefined)?.[part];
  const words = (typeof text === 'string' ? text : problem.key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(problem.values?.[name] ?? ''),
  );
  return problem.field ? `${label(lang, problem.field as C)}: ${words}` : words;
}
