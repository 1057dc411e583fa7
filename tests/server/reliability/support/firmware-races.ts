/**
 * The firmware operations' race scenarios (races.test.ts): a model's 100
 * packages and one version per module under N creations at once; a package
 * released, and withdrawn, once.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CODE } from '../../../../shared/domains.js';
import { FIRMWARE_LIMITS } from '../../../../shared/firmware/index.js';
import { firmwarePackages } from '../../../../server/firmware/schema.js';
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

export function firmwareRaces(app: () => { t: TestApp; admin: string; n: number; clean: Check }) {
  return {
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
