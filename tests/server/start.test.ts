/**
 * startServer: a listening upstream on a free port; PGlite on disk keeps its data across restarts. PGlite's own
 * (in memory and on disk): not run against a PostgreSQL server (vitest.config.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/start.js';
import { clientBasic, DEMO_PASSWORD } from './helpers.js';

const signIn = async (url: string, username: string) => {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: clientBasic(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD }),
  });
  return { status: res.status, body: (await res.json()) as { access_token?: string } };
};

describe('startServer', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  // One test, not two: each start with the demo loads it afresh, a third of this file's time.
  it('listens on a free port of 127.0.0.1 and serves the API; keeps a PGlite database on disk across restarts and loads the demo data once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vend-upstream-'));
    dirs.push(dir);
    const databaseUrl = `file://${join(dir, 'db')}`;
    const first = await startServer({ port: 0, databaseUrl, demoData: true });
    let token: string | undefined;
    try {
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${first.url}/health`)).json()).toEqual({ code: 200 });
      const tenant = await signIn(first.url, 'tenant1');
      expect(tenant.status).toBe(200);
      const page = await fetch(`${first.url}/point/page?pageNum=1&pageSize=10`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tenant.body.access_token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(page.status).toBe(200);
      expect(((await page.json()) as { content: { total: number } }).content.total).toBe(5);
      token = (await signIn(first.url, 'admin')).body.access_token;
    } finally {
      await first.close();
    }

    const second = await startServer({ port: 0, databaseUrl, demoData: true });
    try {
      // The token issued before the restart is still known: same database, not a fresh one.
      const info = await fetch(`${second.url}/user/info`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await info.json()) as { code: number }).code).toBe(200);
      const list = await fetch(`${second.url}/tenant/list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(((await list.json()) as { content: unknown[] }).content).toHaveLength(3);
    } finally {
      await second.close();
    }
  });

  it('starts empty without demo data', async () => {
    const server = await startServer({ port: 0, databaseUrl: 'memory://', demoData: false });
    try {
      expect((await signIn(server.url, 'admin')).status).toBe(400);
    } finally {
      await server.close();
    }
  });
});
