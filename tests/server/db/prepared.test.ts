/**
 * Prepared reads (server/db/prepared.ts): the same rows as an ordinary
 * statement (int4, float8, text, boolean), on either driver; planned once per session;
 * a quote in a value stays a value; inside a transaction and with values
 * that cannot be literals they still answer.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { preparedRows } from '../../../server/db/prepared.js';
import { rowsOf } from '../../../server/db/sql.js';
import { suiteApp } from '../helpers.js';

const t = suiteApp([]);

const tenantsLike = (pattern: string, limit: number) => sql`
  select id, name, ${pattern}::text as pattern, (id * 10)::int as tenfold, id > 1 as later, 1.5::float8 as half
  from tenants where name like ${pattern} order by id limit ${limit}`;

describe('preparedRows', () => {
  it('answers what the ordinary statement answers, numbers as numbers', async () => {
    const ordinary = await rowsOf<{
      id: number;
      name: string;
      pattern: string;
      tenfold: number;
      half: number;
      later: boolean;
    }>(t.db, tenantsLike('%', 3));
    const prepared = await preparedRows<{
      id: number;
      name: string;
      pattern: string;
      tenfold: number;
      half: number;
      later: boolean;
    }>(t.db, tenantsLike('%', 3));
    expect(ordinary.length).toBe(3);
    expect(prepared).toEqual(ordinary);
    expect(typeof prepared[0]!.half).toBe('number');
    expect(await preparedRows(t.db, tenantsLike('no such tenant%', 3))).toEqual([]);
  });

  it('plans a text once per session, whatever its values', async () => {
    const marker = sql`select ${'planned-once'}::text as marker, ${7}::int as n`;
    for (let i = 0; i < 3; i++) expect(await preparedRows(t.db, marker)).toEqual([{ marker: 'planned-once', n: 7 }]);
    const [held] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%as marker%'`,
    );
    expect(held!.n).toBe(1);
  });

  it('keeps a quote inside a value a value', async () => {
    const evil = "O'Brien'); drop table tenants; --";
    expect(await preparedRows(t.db, sql`select ${evil}::text as v`)).toEqual([{ v: evil }]);
    const [count] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from tenants`);
    expect(count!.n).toBeGreaterThan(0);
  });

  it('answers inside a transaction and with values no literal can carry', async () => {
    const inside = await t.db.transaction((tx) => preparedRows<{ n: number }>(tx, sql`select ${41}::int + 1 as n`));
    expect(inside).toEqual([{ n: 42 }]);
    expect(await preparedRows(t.db, sql`select ${true}::boolean as yes`)).toEqual([{ yes: true }]);
  });
});
