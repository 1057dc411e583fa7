/**
 * Secrets never come back: after a tenant's payment secrets and callback
 * signing secret are set, a generated walk of every operation — valid and
 * mutated inputs, as every player of the isolation matrix — then the
 * OpenAPI document, the exports (xlsx opened and read) and every log line the
 * upstream wrote at its most verbose, and the bodies of the callback
 * deliveries: none carries a secret, nor a long piece of one (only the last
 * four characters a masked secret shows).
 */
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiOp } from '../../../shared/domains.js';
import { callbackDeliveries } from '../../../server/callback/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { caseOf, validInput } from './support/mutate.js';
import { queryPairs, send, type WireAnswer } from './support/request.js';
import { OPS } from './support/schema.js';
import { players, type Player } from './support/world.js';
import { p12 } from '../support/p12.js';

const RUNS = Number(process.env.SECRET_WALK_RUNS ?? 1500);
const SEED = 20_261_126;
const lines: string[] = [];
let t: TestApp;
let cast: Player[];
const secrets: string[] = [];

/** The pieces of a secret a leak would show: the whole, and every 12 characters of it. */
const piecesOf = (secret: string) => [
  secret,
  ...Array.from({ length: Math.max(0, secret.length - 12) }, (_, i) => secret.slice(i, i + 12)),
];
let pieces: string[] = [];

async function sheetText(bytes: Buffer): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => out.push(JSON.stringify(row.values))));
  return out.join('\n');
}

/** What a reader of the answer sees: its text, and the text of any spreadsheet in it (whole, or base64 in a field). */
async function readable(answer: WireAnswer): Promise<string> {
  const parts = [answer.text];
  if (answer.text.startsWith('PK')) parts.push(await sheetText(Buffer.from(answer.text, 'latin1')).catch(() => ''));
  for (const m of answer.text.matchAll(/"(UEsDB[A-Za-z0-9+/=]+)"/g))
    parts.push(await sheetText(Buffer.from(m[1]!, 'base64')).catch(() => ''));
  return parts.join('\n');
}

const leaked = (text: string) => pieces.find((p) => text.includes(p));

async function sheetOf(text: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('x').addRow([text]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  process.env.CALLBACK_ALLOW_PRIVATE = '1';
  t = await createTestApp({ logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } } });
  cast = await players(t);
  const tenant1 = cast.find((p) => p.name === 'tenant1')!.token;
  const wechat = {
    type: 'regular',
    merchantId: '1600000042',
    publicAppId: 'wx4242424242424242',
    miniAppId: 'wx4343434343434343',
  } as const;
  const given = {
    merchantKey: 'MkWalk-9d8f7e6a5b4c3d2e1f0a',
    publicSecret: 'PsWalk-1a2b3c4d5e6f7a8b9c0d',
    miniSecret: 'MsWalk-0f1e2d3c4b5a69788796',
    p12: p12(wechat.merchantId),
  };
  await t.ok('payment.save', { body: { wechat: { ...wechat, ...given } } }, tenant1);
  const saved = await t.ok(
    'callback.save',
    {
      body: {
        eventUrl: 'http://127.0.0.1:9/hook',
        infoUrl: null,
        publicKey: null,
        events: ['sale', 'fault', 'refund', 'complaint'],
      },
    },
    tenant1,
  );
  secrets.push(...Object.values(given), saved.secret!);
  pieces = secrets.flatMap(piecesOf);
  // The check finds what it looks for: the one answer that shows the signing secret (once), and a piece of a key in a sheet.
  expect(leaked(JSON.stringify(saved))).toBeDefined();
  expect(leaked(await sheetText(await sheetOf(`note: ${given.merchantKey.slice(3, 17)}`)))).toBeDefined();
  // What was written until now (the saves themselves) is part of the walk's logs too.
}, 120_000);
afterAll(async () => {
  delete process.env.CALLBACK_ALLOW_PRIVATE;
  await t.close();
});

describe('secrets never come back', () => {
  it(`in ${RUNS} generated calls as every player, valid and mutated`, async () => {
    const anyCall = fc.tuple(
      fc.constantFrom(...OPS).chain((op) =>
        fc.oneof(
          caseOf(op),
          validInput(op).map((input) => ({
            op,
            params: input.params as Record<string, unknown> | undefined,
            query: queryPairs(input.query),
            body: input.body,
          })),
        ),
      ),
      fc.constantFrom(...cast),
    );
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(anyCall, async ([c, player]) => {
        const answer = await send(t.app, { ...c, token: player.token });
        answered++;
        const found = leaked(await readable(answer));
        expect(found, `${c.op} as ${player.name} answered a piece of a secret`).toBeUndefined();
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(answered).toBe(RUNS);
  }, 600_000);

  it('in every read of the settings and the exports, as each player', async () => {
    const reads: [ApiOp, Record<string, unknown>][] = [
      ['payment.settings', {}],
      ['callback.settings', {}],
      ['callback.deliveries', {}],
      ['tenant.page', {}],
      ['account.profile', {}],
      ['account.info', {}],
      ['billing.exportBills', {}],
    ];
    for (const player of cast) {
      for (const [op, body] of reads) {
        const answer = await send(t.app, {
          op,
          body,
          query:
            op === 'callback.deliveries' || op === 'tenant.page'
              ? [
                  ['pageNum', '1'],
                  ['pageSize', '50'],
                ]
              : [],
          token: player.token,
        });
        expect(leaked(await readable(answer)), `${op} as ${player.name}`).toBeUndefined();
      }
    }
    const openapi = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(leaked(openapi.body)).toBeUndefined();
  });

  it("in the log lines and the deliveries' bodies", async () => {
    expect(lines.length).toBeGreaterThan(RUNS);
    const inLogs = lines.find((line) => leaked(line));
    expect(inLogs && leaked(inLogs), `a log line: ${inLogs?.slice(0, 200)}`).toBeUndefined();
    for (const d of await t.db.select({ body: callbackDeliveries.body }).from(callbackDeliveries))
      expect(leaked(d.body)).toBeUndefined();
  });
});
