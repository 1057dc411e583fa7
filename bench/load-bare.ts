/**
 * The bare route `npm run load` sets beside `point.page`: Fastify and a
 * node-postgres pool of the upstream's size, nothing else — no auth hook, no
 * validation, no drizzle, no logging — answering `POST /point/page` by
 * sending exactly the statements the upstream sent for that request (caught
 * at its driver by bench/bare.ts, with their arguments, a named prepared
 * statement still named) and returning every one's rows as JSON (what the
 * upstream's answer is made of: the page's rows and its count).
 * What `point.page` costs beyond this is the stack's overhead.
 *   PORT             where to listen (loopback)
 *   DATABASE_URL     the database the upstream uses
 *   BARE_STATEMENTS  a JSON file of the statements ({ text, args }[])
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { Statement } from './bare.js';

// Drizzle's own type parsers, which JSON could not carry: times and intervals stay the text PostgreSQL sent.
const asText = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const typesLikeDrizzle = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    asText.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
};
const statements = (JSON.parse(readFileSync(process.env.BARE_STATEMENTS!, 'utf8')) as Statement[]).map((s) => {
  const [query, ...rest] = s.args;
  return typeof query === 'object' ? [{ ...query, types: typesLikeDrizzle }, ...rest] : s.args;
});
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, keepAlive: true });
const app = Fastify();
app.get('/health', async () => ({ ok: true }));
app.post('/point/page', async () => {
  const content: unknown[][] = [];
  for (const args of statements) content.push((await pool.query(...(args as [string, unknown[]]))).rows);
  return { code: 200, content };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
