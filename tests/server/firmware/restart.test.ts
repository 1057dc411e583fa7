/**
 * A rollout outlives its upstream: an instance offering a machine its update
 * is killed (SIGKILL, nothing closed), another started on the same database
 * takes the machine's next steps and ends the rollout. Two processes need
 * one database they both reach: PostgreSQL only (npm run test:pg).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushParts } from '../../../server/device/index.js';
import { rollouts } from '../../../server/firmware/schema.js';
import { deviceBasic, postgresUrl, suiteApp } from '../helpers.js';
import { until, upstream, type Upstream } from '../upstreams.js';

describe.skipIf(!postgresUrl)('a rollout across an upstream restart', () => {
  const t = suiteApp(['tenant1', 'admin']);

  it('goes on where it was when the instance offering it is killed', async () => {
    const serial = 'VM2026000106';
    const [pkg] = (
      await t.ok('firmware.page', { query: {}, body: { keyword: 'VM-S600_mainBoard_2.4.0' } }, t.token.admin)
    ).list;
    const rollout = await t.ok(
      'firmware.rolloutCreate',
      {
        body: {
          packageId: pkg!.id,
          target: 'devices',
          deviceIds: [t.ids.device(serial)],
          firstStage: 100,
          perMinute: 10,
          concurrent: 10,
          window: null,
          threshold: 50,
          minDevices: 1,
          approval: false,
        },
      },
      t.token.tenant1,
    );
    const report = (url: string, jobId: number, body: object) =>
      fetch(`${url}/device-api/v1/firmware/jobs/${jobId}`, {
        method: 'POST',
        headers: { authorization: deviceBasic(serial), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => ((await r.json()) as { code: number }).code);
    // The rollouts' advance is recurring work of the job runner: a run the killed instance held is taken again once
    // its heartbeat is this stale.
    const env = { JOBS_STALE_MS: '3000' };
    const first = await upstream(env);
    let second: Upstream | undefined;
    try {
      // The first instance's background offers the update; the machine hears it and starts.
      let jobId = 0;
      await until(async () => {
        const res = await fetch(`${first.url}/device-api/v1/heartbeat`, {
          method: 'POST',
          headers: { authorization: deviceBasic(serial), 'content-type': 'application/json' },
          body: '{}',
        });
        jobId = ((await res.json()) as { content: { update: { jobId: number } | null } }).content.update?.jobId ?? 0;
        return jobId > 0;
      });
      expect(await report(first.url, jobId, { state: 'downloading', progress: 30 })).toBe(200);
      await first.kill();

      second = await upstream(env);
      expect(await report(second.url, jobId, { state: 'installing' })).toBe(200);
      expect(await report(second.url, jobId, { state: 'done' })).toBe(200);
      // The second instance's background ends the rollout.
      await until(async () => {
        const [row] = await t.db.select({ state: rollouts.state }).from(rollouts).where(eq(rollouts.id, rollout.id));
        return row?.state === 'done';
      });
      const [part] = await t.db
        .select()
        .from(pushParts)
        .where(and(eq(pushParts.kind, 'firmware'), eq(pushParts.pushId, rollout.id)));
      expect(part).toMatchObject({ kind: 'firmware', step: 'done', attempts: 0 });
    } finally {
      await first.kill();
      await second?.kill();
    }
  }, 90_000);
});
