/**
 * Rows that carry a number unique within their owner — a tenant's products
 * and ingredients, a category's attributes and image formats, a model's
 * details, the platform's custom models (spec §5 "number already used"). One
 * shape for every create and update: the number is looked up first,
 * for a clear refusal with the domain's code, and the write runs after; the
 * unique index stays the truth, so two writers racing for one number get that
 * same code, never a 500.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/index.js';
import { BizError, uniqueAs } from './errors.js';

export interface NumberedSpec {
  table: PgTable;
  id: PgColumn;
  number: PgColumn;
  /** The owner the number is unique within; none for numbers unique across the platform. */
  within?: PgColumn;
  /** The domain's "number already used" code. */
  taken: number;
}

export interface NumberedWrite {
  /** The owner's id (`within`'s value). */
  within?: number;
  number: string;
  /** The row being updated, which may keep its own number. */
  except?: number;
}

export interface Numbered {
  /** Refuses with `taken` when another row of the owner has the number. */
  check(db: Queryable, write: NumberedWrite): Promise<void>;
  /** Runs `write` (the insert or update) once the number is known free; refuses with `taken` when it is not, or stops being so meanwhile. */
  write<T>(db: Queryable, number: NumberedWrite, write: () => Promise<T>): Promise<T>;
}

export function numbered(spec: NumberedSpec): Numbered {
  const check = async (db: Queryable, { within, number, except }: NumberedWrite) => {
    // Without its owner the lookup would search every owner's rows: a mistake in the caller, not the user's.
    if (spec.within && within === undefined)
      throw new Error('a number unique within an owner is checked without the owner');
    const [taken] = await db
      .select({ id: spec.id })
      .from(spec.table)
      .where(
        and(
          spec.within && within !== undefined ? eq(spec.within, within) : undefined,
          eq(spec.number, number),
          except === undefined ? undefined : ne(spec.id, except),
        ),
      )
      .limit(1);
    if (taken) throw new BizError(spec.taken);
  };
  return {
    check,
    write: (db, number, write) =>
      uniqueAs(spec.taken, async () => {
        await check(db, number);
        return write();
      }),
  };
}
