/**
 * The operation log (server/oplog): a change made through the API table is
 * recorded in its transaction with who, from where and what changed (a
 * secret as "changed"); a read by POST leaves nothing; a refusal is recorded
 * with its code; records cannot be rewritten by the upstream, and one
 * altered or removed behind it is named by the chain's walk.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { opRecords, verifyChains } from '../../../server/oplog/index.js';
import { CODE } from '../../../shared/domains.js';
import { DEMO_PASSWORD, suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'admin']);
const A = () => t.ids.tenant('A');

/** Tenant A's newest record with this operation id, or of this kind. */
const newest = async (by: { op: string } | { kind: string }) =>
  (
    await t.db
      .select()
      .from(opRecords)
      .where(and('op' in by ? eq(opRecords.op, by.op) : eq(opRecords.kind, by.kind), eq(opRecords.chain, A())))
      .orderBy(desc(opRecords.id))
      .limit(1)
  )[0];
const latest = (op: string) => newest({ op });
const latestOf = (kind: string) => newest({ kind });
const signInBody = (username: string, password: string) => ({
  body: { grant_type: 'password' as const, username, password },
});
const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(opRecords))[0]!.n;

/** Runs statements with the table's triggers off, as someone working on the database behind the upstream would. */
const behind = (run: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<unknown>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await run(tx);
  });

describe('the operation log', () => {
  it('records a change with who, the target before and after, in the chain of the tenant', async () => {
    const id = t.ids.point('hongqiao');
    const before = await t.ok('point.info', { params: { id } }, t.token.tenant1);
    await t.ok(
      'point.update',
      {
        params: { id },
        body: { name: `${before.name}（东出口）`, areaCode: before.areaCode, address: before.address },
      },
      t.token.tenant1,
      { headers: { 'x-vend-client': 'VendConsole/1.4.0 (desktop)' } },
    );
    const record = await latest('point.update');
    expect(record!.install).toBe('VendConsole/1.4.0 (desktop)');
    expect(record).toMatchObject({
      kind: 'operation',
      username: 'tenant1',
      role: 'tenant',
      tenantId: A(),
      result: 0,
      targets: [{ entity: 'point', id, before: { name: before.name }, after: { name: `${before.name}（东出口）` } }],
    });
    expect(record!.address).not.toBe('');
    expect((await verifyChains(t.db, [A()])).broken).toEqual([]);
  });

  it('leaves nothing for a read asked by POST; records a refusal with its code', async () => {
    const n = await count();
    await t.ok('point.page', { query: { pageNum: 1, pageSize: 10 }, body: {} }, t.token.tenant1);
    expect(await count()).toBe(n);
    const res = await t.call('point.delete', { params: { id: t.ids.point('hongqiao') } }, t.token.tenant1);
    expect(res.body.code).toBe(CODE.pointHasDevices);
    expect(await latest('point.delete')).toMatchObject({
      result: CODE.pointHasDevices,
      targets: [{ entity: 'point' }],
    });
  });

  it('says "changed" for a secret, never its value', async () => {
    const res = await t.call(
      'staff.create',
      {
        body: { name: '审计员', phone: '13812340000', username: `audit${Date.now() % 100000}`, password: 'Wf@2026ops' },
      },
      t.token.tenant1,
    );
    expect(res.body.code).toBe(CODE.ok);
    const record = await latest('staff.create');
    expect(record!.input).toMatchObject({ body: { password: 'changed', name: '审计员' } });
    expect(JSON.stringify(record)).not.toContain('Wf@2026ops');
  });

  it('records sign-ins, failed ones, and sign-outs', async () => {
    const failed = await t.call('account.token', signInBody('tenant1', 'not-the-password'));
    expect(failed.body.code).not.toBe(CODE.ok);
    expect(await latestOf('signInFailed')).toMatchObject({
      username: 'tenant1',
      tenantId: A(),
      result: CODE.badRequest,
    });
    const ok = await t.call('account.token', signInBody('tenant1', DEMO_PASSWORD));
    const token = (ok.body as unknown as { access_token: string }).access_token;
    expect(await latestOf('signIn')).toMatchObject({ username: 'tenant1', result: 0 });
    await t.ok('account.exit', { query: { token } }, token);
    expect(await latestOf('signOut')).toMatchObject({ username: 'tenant1', op: 'account.exit', result: 0 });
    expect((await verifyChains(t.db, [A()])).broken).toEqual([]);
  });

  it('cannot be rewritten by the upstream; a record altered or removed behind it is named', async () => {
    const [last] = await t.db
      .select()
      .from(opRecords)
      .where(eq(opRecords.chain, A()))
      .orderBy(desc(opRecords.id))
      .limit(2);
    await expect(
      t.db.update(opRecords).set({ username: 'someone' }).where(eq(opRecords.id, last!.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(opRecords).where(eq(opRecords.id, last!.id))).rejects.toThrow();

    await behind((tx) => tx.update(opRecords).set({ reason: '改过' }).where(eq(opRecords.id, last!.id)));
    expect((await verifyChains(t.db, [A()])).broken).toEqual([
      expect.objectContaining({ chain: A(), id: last!.id, problem: 'altered' }),
    ]);
    await behind((tx) => tx.update(opRecords).set({ reason: last!.reason }).where(eq(opRecords.id, last!.id)));
    expect((await verifyChains(t.db, [A()])).broken).toEqual([]);

    const records = await t.db.select().from(opRecords).where(eq(opRecords.chain, A())).orderBy(opRecords.id);
    const gone = records.at(-2)!;
    await behind((tx) => tx.delete(opRecords).where(eq(opRecords.id, gone.id)));
    expect((await verifyChains(t.db, [A()])).broken).toEqual([
      expect.objectContaining({ id: records.at(-1)!.id, problem: 'out of order' }),
    ]);
  });
});
