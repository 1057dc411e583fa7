/**
 * An instance whose database connections are all killed from PostgreSQL's
 * side (pg_terminate_backend, again and again for 10 s): it answers 503
 * meanwhile (never 500), recovers by itself, listens again, and a console
 * attached to it misses no live event — an event sent while it could not
 * hear reaches it, or its stream ends so that the console reconnects and
 * reads its lists again. PostgreSQL only (a process of its own).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postgresUrl, suiteApp } from '../helpers.js';
import { until, upstream, type Upstream } from '../upstreams.js';

const APP = `fault-listen-${process.pid}`;

/** A console's event stream: what it heard so far, and whether the upstream ended it. */
function attach(url: string, token: string) {
  const heard = { text: '', ended: false };
  const ready = fetch(`${url}/events`, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) break;
        heard.text += decoder.decode(value, { stream: true });
      }
      heard.ended = true;
    })();
    await until(async () => heard.text.includes(': connected'), 10_000);
  });
  return { heard, ready };
}

describe.skipIf(!postgresUrl)('an instance that loses its database connections for 10 s', () => {
  const t = suiteApp(['tenant1']);
  const notify = (marker: string) =>
    t.db.execute(
      sql`select pg_notify('vend_events', ${JSON.stringify({ topic: 'device', tenantId: t.ids.tenant('A'), data: { kind: 'online', marker } })})`,
    );

  it('answers 503 meanwhile, recovers by itself, and its console misses nothing', async () => {
    let a: Upstream | undefined;
    try {
      a = await upstream({ PGAPPNAME: APP });
      const first = attach(a.url, t.token.tenant1);
      await first.ready;
      await notify('before');
      await until(async () => first.heard.text.includes('"marker":"before"'));

      // Ten seconds of every connection of the instance killed as soon as it is seen.
      const codes = new Set<number>();
      const end = Date.now() + 10_000;
      let sent = false;
      while (Date.now() < end) {
        await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${APP}`);
        const res = await fetch(`${a.url}/user/info`, {
          headers: { authorization: `Bearer ${t.token.tenant1}` },
        }).catch(() => undefined);
        if (res) codes.add(res.status);
        if (!sent && Date.now() > end - 5000) {
          // An event while the instance cannot hear.
          await notify('meanwhile');
          sent = true;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      expect([...codes].filter((c) => c !== 200 && c !== 503)).toEqual([]);
      // The console heard the event, or its stream ended to make it read again.
      await until(async () => first.heard.text.includes('"marker":"meanwhile"') || first.heard.ended, 40_000).catch(
        (err: Error) => {
          throw new Error(`${err.message}: the first stream heard ${JSON.stringify(first.heard)}`, { cause: err });
        },
      );

      // It recovers by itself: answers, listens, and a console attached now hears what follows.
      let health = '';
      await until(async () => {
        const res = await fetch(`${a!.url}/health`);
        health = `${res.status} ${await res.text()}`;
        return res.ok;
      }, 40_000).catch((err: Error) => {
        throw new Error(`${err.message}: /health said ${health}`, { cause: err });
      });
      // A console attached now hears what follows — attached again if its stream ends, as the console's core does.
      let second = attach(a.url, t.token.tenant1);
      await second.ready;
      await until(async () => {
        if (second.heard.ended) {
          second = attach(a!.url, t.token.tenant1);
          await second.ready;
        }
        await notify('after');
        await new Promise((r) => setTimeout(r, 300));
        return second.heard.text.includes('"marker":"after"');
      }, 40_000);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${a?.stderr() ?? ''}`, { cause: err });
    } finally {
      await a?.kill();
    }
  }, 120_000);
});
