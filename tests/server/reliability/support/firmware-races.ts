/**
 * The firmware operations' race scenarios (races.test.ts): a model's 100
 * packages and one version per module under N creations at once; a package
 * released, and withdrawn, once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { CODE } from '../../../../shared/domains.js';
import { FIRMWARE_LIMITS } from '../../../../shared/firmware/index.js';
import { firmwarePackages, rollouts } from '../../../../server/firmware/schema.js';
import { OPEN_STEPS, pushParts } from '../../../../server/device/index.js';
import type { Answer, TestApp } from '../../helpers.js';
import { draft, fileOf, sha, upload } from '../../firmware/support.js';

type Check = (answers: Answer[], allowed: readonly number[]) => void;
const succeeded = (a: Answer) => a.status === 200 && a.body?.code === CODE.ok;
let models = 0;

/** A fresh device model with a main board, so each round starts from no packages. */
async function freshModel(t: TestApp, admin: string): Promise<number> {
  const model = await t.ok(
    'device.modelCreate',
    {
      body: { name: `RACE-${process.pid}-${++models}`, type: 'selling', channelCount: 1, capacity: 1, description: '' },
    },
    admin,
  );
  await t.ok('firmware.setModules', { params: { id: model.id }, body: { modules: ['mainBoard'] } }, admin);
  return model.id;
}

type App = () => { t: TestApp; admin: string; tenant: string; n: number; clean: Check };

/** A rollout of the demo's released main board (VM-S600 2.4.0) to the Hangzhou East machine, as tenant1. */
async function rolloutBody(t: TestApp, admin: string, approval: boolean) {
  const [pkg] = (await t.ok('firmware.page', { query: {}, body: { keyword: 'VM-S600_mainBoard_2.4.0' } }, admin)).list;
  return {
    packageId: pkg!.id,
    target: 'devices' as const,
    deviceIds: [t.ids.device('VM2026000106')],
    firstStage: 100,
    perMinute: 10,
    concurrent: 10,
    window: null,
    threshold: 50,
    minDevices: 1,
    approval,
  };
}

export function firmwareRaces(app: App) {
  return {
    'firmware.rolloutCreate': async () => {
      const { t, admin, tenant, n, clean } = app();
      // N rollouts of one device at once: one takes it, the others are told it is busy (1903) or taken (1904).
      const body = await rolloutBody(t, admin, false);
      const answers = await Promise.all(
        Array.from({ length: n }, () => t.call('firmware.rolloutCreate', { body }, tenant)),
      );
      clean(answers, [CODE.noEligibleDevices, CODE.deviceInRollout]);
      const made = answers.filter(succeeded);
      expect(made).toHaveLength(1);
      const active = await t.db
        .select({ id: pushParts.id })
        .from(pushParts)
        .where(
          and(
            eq(pushParts.kind, 'firmware'),
            eq(pushParts.deviceId, body.deviceIds[0]!),
            inArray(pushParts.step, [...OPEN_STEPS]),
          ),
        );
      expect(active).toHaveLength(1);
      await t.ok(
        'firmware.rolloutAct',
        { params: { id: made[0]!.body.content.id }, body: { action: 'cancel' } },
        tenant,
      );
    },

    'firmware.rolloutAct': async () => {
      const { t, admin, tenant, n, clean } = app();
      // Approved N times at once by another user, then cancelled N times at once: each once, the others told 1905.
      const rollout = await t.ok('firmware.rolloutCreate', { body: await rolloutBody(t, admin, true) }, tenant);
      for (const [action, token] of [
        ['approve', admin],
        ['cancel', tenant],
      ] as const) {
        const answers = await Promise.all(
          Array.from({ length: n }, () =>
            t.call('firmware.rolloutAct', { params: { id: rollout.id }, body: { action } }, token),
          ),
        );
        clean(answers, [CODE.rolloutState]);
        expect(answers.filter(succeeded)).toHaveLength(1);
      }
      const [row] = await t.db.select().from(rollouts).where(eq(rollouts.id, rollout.id));
      expect(row!.state).toBe('cancelled');
    },

    'firmware.create': async () => {
      const { t, admin, n, clean } = app();
      // 98 packages held, N creations of new versions at once: 2 made, the model at 100, the rest told 1702.
      const full = await freshModel(t, admin);
      await t.db.insert(firmwarePackages).values(
        Array.from({ length: FIRMWARE_LIMITS.packagesPerModel - 2 }, (_, i) => ({
          modelId: full,
          module: 'mainBoard' as const,
          version: `0.0.${i}`,
          fileId: sha(Buffer.from(`${full}/${i}`)),
          fileName: 'old.bin',
          size: 1,
        })),
      );
      const body = (uploadId: number, version: string) => ({
        modelId: full,
        module: 'mainBoard' as const,
        version,
        fromVersion: null,
        notesZh: '',
        notesEn: '',
        uploadId,
      });
      const uploads: number[] = [];
      for (let i = 0; i < n; i++) uploads.push(await upload(t, admin, fileOf(64, `race-${full}-${i}`)));
      const answers = await Promise.all(
        uploads.map((id, i) => t.call('firmware.create', { body: body(id, `1.0.${i}`) }, admin)),
      );
      clean(answers, [CODE.packageLimit]);
      expect(answers.filter(succeeded)).toHaveLength(2);
      const held = await t.db.select().from(firmwarePackages).where(eq(firmwarePackages.modelId, full));
      expect(held).toHaveLength(FIRMWARE_LIMITS.packagesPerModel);
      // N creations of one version at once, on a model with room: one made, the rest told 1703.
      const roomy = await freshModel(t, admin);
      const more: number[] = [];
      for (let i = 0; i < n; i++) more.push(await upload(t, admin, fileOf(64, `same-${roomy}-${i}`)));
      const same = await Promise.all(
        more.map((id) => t.call('firmware.create', { body: { ...body(id, '2.0.0'), modelId: roomy } }, admin)),
      );
      clean(same, [CODE.packageVersionTaken]);
      expect(same.filter(succeeded)).toHaveLength(1);
    },

    'firmware.release': async () => {
      const { t, admin, n, clean } = app();
      const pkg = await draft(t, admin, { modelId: await freshModel(t, admin), version: '1.0.0' });
      const answers = await Promise.all(
        Array.from({ length: n }, () => t.call('firmware.release', { params: { id: pkg.id } }, admin)),
      );
      clean(answers, [CODE.packageNotDraft]);
      expect(answers.filter(succeeded)).toHaveLength(1);
    },

    'firmware.withdraw': async () => {
      const { t, admin, n, clean } = app();
      const pkg = await draft(t, admin, { modelId: await freshModel(t, admin), version: '1.0.0' });
      await t.ok('firmware.release', { params: { id: pkg.id } }, admin);
      const answers = await Promise.all(
        Array.from({ length: n }, () => t.call('firmware.withdraw', { params: { id: pkg.id } }, admin)),
      );
      clean(answers, [CODE.packageWithdrawn]);
      expect(answers.filter(succeeded)).toHaveLength(1);
      const [row] = await t.db.select().from(firmwarePackages).where(eq(firmwarePackages.id, pkg.id));
      expect(row!.state).toBe('withdrawn');
    },
  };
}
