/** Imports from an .xlsx, whichever domain takes the rows (shared/imports.ts): the reader, the job's life, the one table. */
export { sheetImports } from './schema.js';
export {
  checkBy,
  isZip,
  readSheet,
  SheetRefused,
  type BadRow,
  type GoodRow,
  type Problem,
  type SheetSpec,
} from './sheet.js';
export {
  importJob,
  importReport,
  ownImport,
  queueImport,
  runImport,
  sheetTemplate,
  toImport,
  type ImportPlan,
  type ImportRow,
  type SheetImporter,
  type Upload,
} from './run.js';
