/**
 * The operation log's recorder (server/http/recorded.ts): a console user's
 * changing operation runs in one transaction with its record — no change
 * without its record, no record without its change. An operation that wrote
 * nothing (a list asked for by POST, a preview) leaves no record: the
 * transaction says whether it wrote (`pg_current_xact_id_if_assigned`), so
 * no list of reads can fall out of date. A refusal is recorded after its
 * rollback, with its code, whatever the operation: a read refused (not
 * found, not yours) is worth knowing too. An operation that keeps files in
 * the storage (an upload, an import) runs on its own and its record follows
 * in a transaction of its own (server/http/recorded.ts `stores`). An
 * export (`exports` in the table) is always recorded, as kind `export`, with
 * the filter it was asked for and the number of rows it took out.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { rowsOf } from '../db/sql.js';
import { BizError } from '../http/errors.js';
import { clientOf, type OpRecorder, type RecordedCall } from '../http/recorded.js';
import type { Owner } from '../manifest.js';
import { append } from './chain.js';
import { changesOf, clean, redacted, rowsNow, targetsOf } from './targets.js';

/** Who and from where, as a record says it. */
function actorOf(call: RecordedCall) {
  return {
    userId: call.user.id,
    username: call.user.username,
    role: call.user.kind,
    tenantId: call.user.tenantId,
    tokenId: call.tokenId,
    install: clientOf(call.request),
    address: call.request.ip ?? '',
  };
}

/** A form's reason, where it asks for one. */
const reasonOf = (input: RecordedCall['input']): string => {
  const reason = (input.body as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? clean(reason.slice(0, 500)) : '';
};

type Rows = Awaited<ReturnType<typeof rowsNow>>;

/** Page reads are held to reading under test (vitest sets NODE_ENV to `test`). */
const CHECK_READS = process.env.NODE_ENV === 'test';

export function oplogRecorder(db: Db, owners: Readonly<Record<string, Owner>>): OpRecorder {
  return {
    async run<T>(call: RecordedCall, handler: (tx: Db) => Promise<T>): Promise<T> {
      const named = targetsOf(call.def, call.input as Record<string, unknown>);
      const exported = call.def.exports === true;
      const base = {
        kind: exported ? 'export' : 'operation',
        op: call.op,
        ...actorOf(call),
        input: redacted({ params: call.input.params, query: call.input.query, body: call.input.body }) as Record<
          string,
          unknown
        >,
        reason: reasonOf(call.input),
      };
      const done = async (tx: Db, before: Rows, content: unknown) => {
        if (exported) {
          const rows = (content as { rows?: unknown } | null)?.rows;
          const input = typeof rows === 'number' ? { ...base.input, rows } : base.input;
          await append(tx, { ...base, input, chain: chainOf(call, [...before.values()]), targets: named, result: 0 });
          return;
        }
        const after = await rowsNow(tx, owners, named);
        // A made row answers its id: the record names it, though the input could not.
        const made = (content as { id?: unknown } | null)?.id;
        await append(tx, {
          ...base,
          chain: chainOf(call, [...before.values(), ...after.values()]),
          targets:
            typeof made === 'number' && named.length === 0
              ? [{ entity: call.def.makes ?? call.op.split('.')[0]!, id: made }]
              : changesOf(named, before, after),
          result: 0,
        });
      };
      try {
        // A page of a list asked for by POST only reads: no transaction to wrap it, three round trips saved on every
        // list. Under test it runs in a read-only one, so a page operation that wrote would fail every suite using it.
        if (call.reads)
          return CHECK_READS
            ? await db.transaction((tx) => handler(tx as unknown as Db), { accessMode: 'read only' })
            : await handler(db);
        if (call.stores) {
          const before = await rowsNow(db, owners, named);
          const content = await handler(db);
          await db.transaction((tx) => done(tx as unknown as Db, before, content));
          return content;
        }
        return await db.transaction(async (tx) => {
          const before = await rowsNow(tx, owners, named);
          const content = await handler(tx as unknown as Db);
          const [wrote] = await rowsOf<{ xid: string | null }>(
            tx,
            sql`select pg_current_xact_id_if_assigned()::text as xid`,
          );
          if (wrote?.xid || exported) await done(tx as unknown as Db, before, content);
          return content;
        });
      } catch (error) {
        if (error instanceof BizError)
          await db.transaction((tx) =>
            append(tx, { ...base, chain: chainOf(call, []), targets: named, result: error.code }),
          );
        throw error;
      }
    },
  };
}

/** The chain a record goes to: the actor's tenant, or for the platform acting on a tenant's row, that tenant's. */
function chainOf(call: RecordedCall, rows: { tenantId: number | null }[]): number {
  if (call.user.tenantId !== null) return call.user.tenantId;
  return rows.find((r) => r.tenantId !== null)?.tenantId ?? 0;
}
