/**
 * Secrets never reach the log (server/http/logging.ts): the upstream runs with
 * its logger at `debug`, a user signs in, signs out with the token in the
 * query, and a call fails in the database with a secret among its
 * parameters; no token, password, hash, client secret or parameter appears in
 * what was logged, while the lines that should be there are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONSOLE_CLIENT, users } from '../../../server/account/index.js';
import { redactUrl } from '../../../server/http/logging.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers.js';

const PARAMETER = 'customer-secret-6021';

describe('the log at debug level', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = () => lines.join('');
  beforeAll(async () => {
    t = await createTestApp({
      logger: {
        level: 'debug',
        stream: {
          write: (line) => {
            lines.push(line);
          },
        },
      },
      handlers: {
        // A query that fails in the database with a secret among its parameters.
        'tenant.list': async (_input, { db }) => {
          await db.execute(sql`select ${PARAMETER}::int as n`);
          return [];
        },
      },
    });
  });
  afterAll(() => t.close());

  it('holds no token, password, hash, client secret or query parameter', async () => {
    const token = await t.signIn('tenant1');
    const info = await t.app.inject({
      method: 'GET',
      url: '/user/info',
      headers: { authorization: `Bearer ${token}`, cookie: `session=${token}` },
    });
    expect(info.statusCode).toBe(200);
    const exit = await t.app.inject({
      method: 'GET',
      url: `/user/exit?token=${encodeURIComponent(token)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exit.statusCode).toBe(200);
    const admin = await t.signIn('admin');
    const failed = await t.call('tenant.list', { body: {} }, admin);
    expect(failed.status).toBe(500);
    const [{ hash }] = (await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.username, 'tenant1'))) as [{ hash: string }];

    const log = logged();
    // What should be there is: the requests (with the token's value cut), and the failed query's SQL and SQLSTATE.
    expect(log).toContain('/user/exit?token=[redacted]');
    expect(log).toContain('Failed query: select $1::int as n');
    expect(log).toContain('"code":"22P02"');
    for (const secret of [token, admin, DEMO_PASSWORD, hash, hash.split('$')[5]!, CONSOLE_CLIENT.secret, PARAMETER]) {
      expect(log, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
    }
  });
});

describe('redactUrl', () => {
  it('cuts the values of secret query parameters, whatever their case or encoding, and keeps the rest', () => {
    expect(redactUrl('/user/exit?token=abc&x=1')).toBe('/user/exit?token=[redacted]&x=1');
    expect(redactUrl('/a?x=1&Access_Token=abc')).toBe('/a?x=1&Access_Token=[redacted]');
    expect(redactUrl('/a?%74oken=abc')).toBe('/a?%74oken=[redacted]');
    expect(redactUrl('/a?tokens=abc')).toBe('/a?tokens=abc');
    expect(redactUrl('/a')).toBe('/a');
  });
});
