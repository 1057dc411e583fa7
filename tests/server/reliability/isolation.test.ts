/**
 * The isolation matrix, generated from the API table and the demo world: for
 * every operation whose input names tenant-owned rows (`ref()` ids), as every
 * role, the operation is called with other tenants' ids and with ids that do
 * not exist, one field at a time (and mixed with the caller's own in id
 * lists). Each call must be refused with a catalogue code that is not a field
 * error (the rows were judged, not the shape), and no answer may carry a
 * foreign row's name, number or address. A new operation is covered by
 * marking its ids; an id the generator cannot place must be listed below.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX } from '../../../shared/api/define.js';
import { type ApiOp } from '../../../shared/domains.js';
import { owners } from '../../../server/domains.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  catalogued,
  fieldError,
  queryPairs,
  send,
  succeeded,
  type WireAnswer,
  type WireCase,
} from './support/request.js';
import { defOf, jsonOf, OPS, ownedSlots, PARTS, unmarkedIds, type OwnedSlot, type Part } from './support/schema.js';
import { minimalOf } from './support/valid.js';
import { oneCodeMembers, ownedRows, players, sees, type OwnedRow, type Player } from './support/world.js';

/**
 * Integer ids the generator cannot place, with the reason. Asserted to be
 * exactly the unmarked ids of the table, so it cannot grow silently.
 */
const PLATFORM_OWNED =
  'custom models and their attributes and images belong to the platform, no tenant (plain ids); only the system admin writes them';
const FIRMWARE =
  "firmware packages, device models and uploads are the platform's, no tenant's (plain ids): only the system admin writes them, and a tenant reads released packages, each the same for every tenant";
const EXCLUDED: Partial<Record<ApiOp, string>> = {
  'firmware.create': FIRMWARE,
  'firmware.delete': FIRMWARE,
  'firmware.download':
    "a machine's call, signed with its own secret: it names a package (the platform's), served only to a machine of the package's model",
  'firmware.eligibility': FIRMWARE,
  'firmware.report':
    "a machine's call, signed with its own secret: it names its own update's job, and another machine's job is 1907 (tests/server/firmware/rollouts.test.ts)",
  'firmware.rolloutCreate': FIRMWARE,
  'firmware.rolloutPage': FIRMWARE,
  'firmware.info': FIRMWARE,
  'firmware.page': FIRMWARE,
  'firmware.release': FIRMWARE,
  'firmware.setModules': FIRMWARE,
  'firmware.update': FIRMWARE,
  'firmware.uploadPart': FIRMWARE,
  'firmware.uploadStart': FIRMWARE,
  'firmware.withdraw': FIRMWARE,
  'share.statementDays':
    "its line filter names a line of the statement in the path, which is judged (975): another statement's line is simply none of its rows (tests/server/share/statements.test.ts)",
  'oplog.page':
    "its target id is any entity's, named beside it, and only narrows the caller's own chains: another tenant's row is simply none of its records (tests/server/oplog/list.test.ts)",
  'oplog.export': "the list's filter, as oplog.page: its target id only narrows the caller's own chains",
  'device.register':
    "device models are the platform's, no tenant's (a plain id); only the system admin registers devices",
  'member.signIn':
    "a person's first call names the tenant whose mini-program they opened (public, the app's own) and an inviter, which is dropped, not refused, when not of that tenant: a stale share link must not stop a sign-in; nothing of another tenant is answered",
  'product.customAttributeCreate': PLATFORM_OWNED,
  'product.customAttributeDelete': PLATFORM_OWNED,
  'product.customAttributeList': PLATFORM_OWNED,
  'product.customAttributeUpdate': PLATFORM_OWNED,
  'product.customImageCreate': PLATFORM_OWNED,
  'product.customImageDelete': PLATFORM_OWNED,
  'product.customImageList': PLATFORM_OWNED,
  'product.customImageUpdate': PLATFORM_OWNED,
  'product.customInfoSave': PLATFORM_OWNED,
  'product.customModelDelete': PLATFORM_OWNED,
  'product.customModelUpdate': PLATFORM_OWNED,
};

let t: TestApp;
let cast: Player[];
/** A member per power code holding it alone: every endpoint asks for its screen's code. */
let single: Player[];
let rows: OwnedRow[];
beforeAll(async () => {
  t = await createTestApp();
  cast = await players(t);
  single = await oneCodeMembers(t);
  rows = await ownedRows(t);
}, 120_000);

/** The codes an operation asks a member for (none: every member passes its role check). */
const powersOf = (op: ApiOp): readonly string[] => {
  const access = defOf(op).access as { power?: string | readonly string[] };
  return access.power === undefined ? [] : typeof access.power === 'string' ? [access.power] : access.power;
};
/** The matrix's players for an operation: the cast, and the one-code members whose code it asks for. */
const playersOf = (op: ApiOp) => [...cast, ...single.filter((m) => powersOf(op).includes(m.powers[0]!))];
afterAll(() => t.close());

const covered = OPS.filter((op) => ownedSlots(op).length > 0);

type Input = Partial<Record<Part, unknown>>;

function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[path.at(-1)!] = value;
}

/** A row of `entity` the player sees, its own tenant's first. */
const ownRow = (player: Player, entity: string) =>
  rows.find((r) => r.entity === entity && r.tenantId !== null && r.tenantId === player.tenantId) ??
  rows.find((r) => r.entity === entity && sees(player, r));

/** The smallest valid input, every required owned id set to one of the player's own rows. */
function baseInput(op: ApiOp, player: Player): Input {
  const input: Input = {};
  for (const part of PARTS) {
    const json = jsonOf(op, part);
    if (json) input[part] = minimalOf(json);
  }
  for (const slot of ownedSlots(op)) {
    if (!slot.required) continue;
    const own = ownRow(player, slot.entity);
    if (own) setAt(input[slot.part] as Record<string, unknown>, slot.path, slot.many ? [own.id] : own.id);
  }
  return input;
}

const wire = (op: ApiOp, input: Input, token: string): WireCase => ({
  op,
  token,
  params: input.params as Record<string, unknown> | undefined,
  query: queryPairs(input.query),
  body: input.body,
});

/**
 * Labels of rows the player may not see. A label that is part of one of its
 * own (`tenant1` inside `tenant11`) cannot tell a leak from its own data, so
 * it is not looked for.
 */
function foreignLabels(player: Player): string[] {
  // The rows are read once (beforeAll), so each player's list is worked out once: it is asked for every answer.
  let labels = foreignLabelsOf.get(player);
  if (!labels) {
    const own = rows.filter((r) => sees(player, r)).flatMap((r) => r.labels);
    labels = [...new Set(rows.filter((r) => !sees(player, r)).flatMap((r) => r.labels))].filter(
      (l) => !own.some((o) => o.includes(l)),
    );
    foreignLabelsOf.set(player, labels);
  }
  return labels;
}
const foreignLabelsOf = new Map<Player, string[]>();

/**
 * What an answer says, as text: a spreadsheet answered as base64 (`{ name, data }`) read out cell by cell,
 * since its base64 says nothing (and may hold any three letters by chance).
 */
async function readable(answer: WireAnswer): Promise<string> {
  const content = answer.body?.content as { name?: unknown; data?: unknown } | undefined;
  if (typeof content?.name !== 'string' || !content.name.endsWith('.xlsx') || typeof content.data !== 'string')
    return answer.text;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(content.data, 'base64') as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of book.worksheets)
    sheet.eachRow((row) => cells.push(...(row.values as unknown[]).map((v) => (v == null ? '' : String(v)))));
  return `${answer.text.replace(content.data, '')}\n${cells.join('\n')}`;
}

/**
 * The operation log names who acted on a tenant's rows, the platform's own users too (the admin acting for
 * a tenant is in that tenant's chain, docs/domains/oplog.md): their usernames are no other tenant's data.
 */
const NAMES_THE_PLATFORM = new Set<ApiOp>(['oplog.page', 'oplog.export']);

async function expectNoLeak(answer: WireAnswer, player: Player, what: string, op?: ApiOp): Promise<void> {
  const text = await readable(answer);
  const platform = new Set(
    op && NAMES_THE_PLATFORM.has(op)
      ? rows.filter((r) => r.entity === 'user' && r.tenantId === null).flatMap((r) => r.labels)
      : [],
  );
  const leaked = foreignLabels(player).filter((label) => !platform.has(label) && text.includes(label));
  expect(leaked, `${what}: foreign data in the answer`).toEqual([]);
}

/** The values tried in one owned field: one foreign row per foreign tenant, and an id no row has. */
function attacks(player: Player, slot: OwnedSlot): { label: string; value: unknown }[] {
  const foreign = rows.filter((r) => r.entity === slot.entity && !sees(player, r));
  const perTenant = [...new Map(foreign.map((r) => [r.tenantId, r])).values()];
  const own = ownRow(player, slot.entity);
  const tries = perTenant.flatMap((r) => {
    const one = { label: `${slot.entity} ${r.id} of tenant ${r.tenantId}`, value: slot.many ? [r.id] : r.id };
    return slot.many && own ? [one, { label: `own ${own.id} with foreign ${r.id}`, value: [own.id, r.id] }] : [one];
  });
  tries.push({ label: 'an id no row has', value: slot.many ? [ID_MAX] : ID_MAX });
  return tries;
}

describe('isolation matrix', () => {
  it('knows whose rows every marked id names, and every id-like field is marked or excused', () => {
    const entities = new Set(OPS.flatMap((op) => ownedSlots(op).map((s) => s.entity)));
    expect(
      [...entities].filter((e) => !(e in owners)),
      'entities without an owner in server/<domain>/index.ts',
    ).toEqual([]);
    const unmarked = OPS.filter((op) => unmarkedIds(op).length > 0);
    expect(unmarked.sort()).toEqual(Object.keys(EXCLUDED).sort());
    expect(covered.length).toBeGreaterThan(0);
  });

  it.each(covered)("%s refuses other tenants' ids and unknown ids, as every role", async (op) => {
    let calls = 0;
    for (const player of playersOf(op)) {
      for (const slot of ownedSlots(op)) {
        for (const attack of attacks(player, slot)) {
          const input = structuredClone(baseInput(op, player));
          input[slot.part] ??= {};
          setAt(input[slot.part] as Record<string, unknown>, slot.path, attack.value);
          const answer = await send(t.app, wire(op, input, player.token));
          calls++;
          const what = `${op} as ${player.name}, ${slot.part}.${slot.path.join('.')} = ${attack.label}`;
          expect(succeeded(answer, op), `${what}: accepted (${answer.text.slice(0, 200)})`).toBe(false);
          expect(catalogued(answer), `${what}: not a catalogue code (${answer.text.slice(0, 200)})`).toBe(true);
          expect(
            fieldError(answer),
            `${what}: refused for its shape, so the rows were never judged (${answer.text.slice(0, 200)})`,
          ).toBe(false);
          expect(answer.status, what).toBeLessThan(500);
          await expectNoLeak(answer, player, what, op);
        }
      }
    }
    expect(calls).toBeGreaterThan(0);
  });

  it.each(OPS)("%s answers no role with another tenant's rows", async (op) => {
    for (const player of [...cast, ...single]) {
      const answer = await send(t.app, wire(op, baseInput(op, player), player.token));
      expect(answer.status, `${op} as ${player.name}`).toBeLessThan(500);
      await expectNoLeak(answer, player, `${op} as ${player.name}`, op);
    }
  });

  const powered = OPS.filter((op) => powersOf(op).length > 0);
  it.each(powered)("%s refuses every member without its code, even on its own tenant's rows", async (op) => {
    const without = single.filter((m) => !powersOf(op).includes(m.powers[0]!));
    expect(without.length).toBeGreaterThan(0);
    for (const member of without) {
      const answer = await send(t.app, wire(op, baseInput(op, member), member.token));
      expect(answer.status, `${op} as ${member.name}`).toBe(403);
      expect(catalogued(answer)).toBe(true);
    }
  });
});
