/**
 * A pre-import group's identifiers from an .xlsx (shared/group/imports.ts) on
 * the one import machinery (server/imports): the group's sheet — one column,
 * checked against the group's kind of identifier — and how its good rows meet
 * the group: an identifier it has is left as it is (counted unchanged), a new
 * one is inserted, claimed at once where a member holds it.
 */
import { eq } from 'drizzle-orm';
import { catalogues, CODE } from '../../shared/domains.js';
import { GROUP_IMPORT_COLUMNS, identifierValue, type GroupImportColumn } from '../../shared/group/index.js';
import type { ImportMode } from '../../shared/imports.js';
import { LANGS, type Lang } from '../../shared/i18n/define.js';
import type { Db, Queryable } from '../db/index.js';
import { BizError } from '../http/errors.js';
import type { AuthUser } from '../http/principal.js';
import {
  importJob,
  importReport,
  ownImport,
  queueImport,
  SheetRefused,
  sheetTemplate,
  toImport,
  type SheetImporter,
  type SheetSpec,
} from '../imports/index.js';
import type { Scope } from '../scope.js';
import type { FileStorage } from '../storage/index.js';
import { groupOf } from './groups.js';
import { identifiersIn, insertIdentifiers, type GroupTarget } from './members.js';
import { groups } from './schema.js';

export const GROUP_IMPORT_JOB = 'group.import';
const BATCH = 1_000;

const label = (lang: Lang, _column: GroupImportColumn) => catalogues[lang].group.sheet.identifier;

/** The group an import writes into, read afresh: gone is 3402, no longer pre-import 3407. */
async function targetOf(db: Queryable, id: number): Promise<GroupTarget> {
  const [group] = await db
    .select({
      id: groups.id,
      tenantId: groups.tenantId,
      identifier: groups.identifier,
      review: groups.review,
      importMethod: groups.importMethod,
    })
    .from(groups)
    .where(eq(groups.id, id));
  if (!group) throw new SheetRefused(CODE.groupNotFound);
  if (group.importMethod !== 'preImport') throw new SheetRefused(CODE.groupNotPreImport);
  return group;
}

/** What people head a column of phone numbers with besides the kinds' own names. */
const HEADER_SYNONYMS = ['手机号码', '手机', '电话', '手機', '電話', 'Mobile', 'Phone number', 'Mobile number'];

/** The sheet of one group: its kind of identifier decides what a good row is. */
export const groupSheet = (kind: GroupTarget['identifier']): SheetSpec<string, GroupImportColumn> => {
  const schema = identifierValue(kind);
  return {
    columns: GROUP_IMPORT_COLUMNS,
    label,
    required: GROUP_IMPORT_COLUMNS,
    check([identifier]) {
      const checked = schema.safeParse(identifier);
      return checked.success
        ? { input: checked.data }
        : {
            problems: [{ key: checked.error.issues[0]?.message ?? 'validation.invalid', field: 'identifier' }],
          };
    },
    unique: { column: 'identifier', problem: 'group.sheet.inFile' },
    // The dialog asks for phone numbers, employee or card numbers: a column headed by any of those kinds, in any language, is the identifier.
    aliases: () => [...LANGS.flatMap((lang) => Object.values(catalogues[lang].group.identifiers)), ...HEADER_SYNONYMS],
  };
};

export const groupImporter: SheetImporter<string, GroupImportColumn> = {
  // The template and the header check: the column is an identifier whatever its kind.
  ...groupSheet('employeeNumber'),
  kind: 'group.members',
  job: GROUP_IMPORT_JOB,
  names: (lang) => {
    const texts = catalogues[lang].group.sheet;
    return { sheet: texts.name, template: texts.file, report: texts.reportFile };
  },
  sheetOf: async (db, job) => groupSheet((await targetOf(db, job.targetId)).identifier),
  async plan(db, job, good) {
    const group = await targetOf(db, job.targetId);
    const fresh: string[] = [];
    let unchanged = 0;
    for (let i = 0; i < good.length; i += BATCH) {
      const part = good.slice(i, i + BATCH).map((g) => g.input);
      const known = await identifiersIn(db, group.id, part);
      for (const identifier of part)
        if (known.has(identifier)) unchanged++;
        else fresh.push(identifier);
    }
    return {
      bad: [],
      unchanged,
      async write(tx) {
        let inserted = 0;
        for (let i = 0; i < fresh.length; i += BATCH) {
          inserted += (await insertIdentifiers(tx, group, fresh.slice(i, i + BATCH))).added;
        }
        // One added meanwhile by hand or by a claim is there already: unchanged, not a failure.
        return { inserted, updated: 0, unchanged: fresh.length - inserted };
      },
    };
  },
};

export const groupImportJob = importJob(groupImporter);

export async function queueGroupImport(
  db: Db,
  storage: FileStorage,
  user: AuthUser,
  scope: Scope,
  groupId: number,
  input: { mode: ImportMode; lang: Lang; name: string; data: string },
) {
  const group = await groupOf(db, scope, groupId);
  if (group.importMethod !== 'preImport') throw new BizError(CODE.groupNotPreImport);
  const row = await queueImport(db, storage, user, groupImporter, {
    targetId: group.id,
    tenantId: group.tenantId,
    ...input,
  });
  return toImport(row);
}

export const groupImportOf = async (db: Queryable, user: AuthUser, id: number) =>
  toImport(await ownImport(db, user, groupImporter.kind, id));

export const groupImportReport = (db: Queryable, storage: FileStorage, user: AuthUser, id: number) =>
  importReport(db, storage, user, groupImporter, id);

export const groupTemplate = (lang: Lang) => sheetTemplate(groupImporter, lang);
