/**
 * Real-time export of orders (spec §9: at most 1000, start and end time
 * required), written by the console itself: the upstream says whether the
 * filter may go in real time (`order.exportCheck`, 977 beyond 1000), then
 * main pages through the list and writes each page into the sheet as it
 * comes (exceljs's streaming writer), so a page's rows are never held
 * twice. Desktop: into the file chosen in the native save dialog, under a
 * temporary name renamed once complete, so a cancel or a failure leaves no
 * half file. Browser mode: the same bytes go back to the page to download.
 * Progress events name the page's job; a cancel stops it between pages.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { CODE } from '../../shared/domains.js';
import type { ApiOp } from '../../shared/domains.js';
import type { CallResult } from '../../shared/ipc.js';
import {
  EXPORT_LIMITS,
  EXPORT_TOPIC,
  orderTexts,
  sheetHeader,
  sheetName,
  sheetRow,
  customerStaffSheet,
  type ExportProgress,
  type LiveExportInput,
  type LiveExportResult,
  type OrderRows,
  SHEET_DATE_FORMAT,
  sheetDateValue,
  type SheetCell,
} from '../../shared/order/index.js';
import type { LiveEvent } from '../../shared/api/events.js';
import { LOCAL, localError, ok } from './result.js';

/** Rows a page: the list's largest (shared/api/define.ts pageQuery), so 1000 orders are five calls. */
const PAGE_SIZE = 200;

export interface LiveExportDeps {
  /** An API call on the caller's session (refused once the session changed). */
  api(op: ApiOp, input: unknown): Promise<CallResult<unknown>>;
  /** A progress event to the console's windows. */
  emit(event: LiveEvent): void;
  /** Desktop: the native save dialog's path, null when cancelled; absent in browser mode. */
  choosePath?: (name: string) => Promise<string | null>;
}

export interface LiveExports {
  run(input: LiveExportInput, deps: LiveExportDeps): Promise<CallResult<LiveExportResult>>;
  cancel(job: string): boolean;
}

class Cancelled extends Error {}

export function createLiveExports(): LiveExports {
  // Main's own bookkeeping of what this one process is writing: nothing another instance needs to know.
  const running = new Map<string, AbortController>();

  async function run(input: LiveExportInput, deps: LiveExportDeps): Promise<CallResult<LiveExportResult>> {
    if (running.has(input.job)) return localError(CODE.badRequest, LOCAL.invalidInput, { job: 'validation.invalid' });
    const control = new AbortController();
    running.set(input.job, control);
    try {
      return await write(input, deps, control.signal);
    } finally {
      running.delete(input.job);
    }
  }

  async function write(
    { job, filter: asked, lang, name }: LiveExportInput,
    deps: LiveExportDeps,
    signal: AbortSignal,
  ): Promise<CallResult<LiveExportResult>> {
    const native = deps.choosePath !== undefined;
    // Orders sold while the pages are read would shift them (newest first): the range ends now at the latest.
    const now = new Date().toISOString();
    const filter = { ...asked, to: Date.parse(asked.to) > Date.parse(now) ? now : asked.to };
    const checked = await deps.api('order.exportCheck', { body: filter });
    if (!checked.ok) return checked;
    const { total } = checked.content as { total: number };
    // Nothing to write: said before any dialog, no empty file.
    if (total === 0) return ok({ native, saved: false, cancelled: false, rows: 0 });
    const target = deps.choosePath ? await deps.choosePath(name) : undefined;
    if (target === null) return ok({ native, saved: false, cancelled: true, rows: 0 });
    if (signal.aborted) return ok({ native, saved: false, cancelled: true, rows: 0 });

    const partial = target === undefined ? undefined : `${target}.part`;
    const chunks: Buffer[] = [];
    const out: Writable = partial
      ? createWriteStream(partial)
      : new PassThrough().on('data', (c: Buffer) => chunks.push(c));
    // Written to the end, and in browser mode read to the end too (`finished` waits for both sides of the pass-through).
    const closed = finished(out);
    // A failed write is said by the writer's own promise too; this one must not go unheard then.
    closed.catch(() => {});
    let rows = 0;
    const progress = () =>
      deps.emit({ topic: EXPORT_TOPIC, tenantId: null, data: { job, done: rows, total } satisfies ExportProgress });
    try {
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const sheet = book.addWorksheet(sheetName(lang));
      const customerStaff = customerStaffSheet(filter);
      sheet.addRow(sheetHeader(lang, customerStaff)).commit();
      const texts = orderTexts[lang];
      progress();
      for (let pageNum = 1; rows < EXPORT_LIMITS.realTime; pageNum++) {
        if (signal.aborted) throw new Cancelled();
        const page = await deps.api('order.page', { query: { pageNum, pageSize: PAGE_SIZE }, body: filter });
        if (!page.ok) {
          out.destroy();
          await discard(partial);
          return page;
        }
        const { list } = page.content as OrderRows;
        for (const order of list.slice(0, EXPORT_LIMITS.realTime - rows))
          addOrderRow(sheet, sheetRow(order, texts, customerStaff));
        rows += Math.min(list.length, EXPORT_LIMITS.realTime - rows);
        progress();
        if (list.length < PAGE_SIZE) break;
      }
      if (signal.aborted) throw new Cancelled();
      sheet.commit();
      await book.commit();
      await closed;
      if (partial && target) await rename(partial, target);
      return ok({
        native,
        saved: true,
        cancelled: false,
        rows,
        ...(partial ? {} : { data: Buffer.concat(chunks).toString('base64') }),
      });
    } catch (error) {
      out.destroy();
      await discard(partial);
      if (error instanceof Cancelled) return ok({ native, saved: false, cancelled: true, rows });
      // The disk is full or the folder went away: said as an export failure, nothing left behind.
      return localError(CODE.serverError, LOCAL.internal);
    }
  }

  return {
    run,
    cancel(job) {
      const control = running.get(job);
      control?.abort();
      return control !== undefined;
    },
  };
}

const discard = async (partial: string | undefined) => {
  if (partial) await rm(partial, { force: true });
};

/** A row of cells, its date-times written as dates with the sheet's format (as the upstream's export writes them). */
function addOrderRow(sheet: ExcelJS.Worksheet, cells: readonly SheetCell[]): void {
  const row = sheet.addRow(cells.map((c) => (c !== null && typeof c === 'object' ? sheetDateValue(c) : c)));
  cells.forEach((c, i) => {
    if (c !== null && typeof c === 'object') row.getCell(i + 1).numFmt = SHEET_DATE_FORMAT;
  });
  row.commit();
}
