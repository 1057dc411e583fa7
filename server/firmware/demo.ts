/**
 * Demo firmware: the modules of the demo models, a few packages of each
 * state (their files small, made of a seeded stream so every load keeps the
 * same bytes and checksums), and the versions the activated machines report.
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { ModuleKind } from '../../shared/device/index.js';
import type { PackageState } from '../../shared/firmware/index.js';
import { DEMO_DEVICES, deviceModels, modelModules, moduleVersions } from '../device/index.js';
import type { DemoData } from '../manifest.js';
import { firmwarePackages } from './schema.js';

const MODULES: Readonly<Record<string, readonly ModuleKind[]>> = {
  'VM-S600': ['mainBoard', 'payment', 'cooling', 'display', 'network'],
  'VM-S800': ['mainBoard', 'payment', 'display', 'network'],
  'VM-C900': ['mainBoard', 'payment', 'brewer', 'display', 'network'],
  'PB-100': ['payment', 'network'],
  'SL-20': ['mainBoard', 'network'],
};

interface DemoPackage {
  model: string;
  module: ModuleKind;
  version: string;
  fromVersion: string | null;
  state: PackageState;
  kib: number;
  notesZh: string;
  notesEn: string;
  daysAgo: number;
}

export const DEMO_PACKAGES: readonly DemoPackage[] = [
  {
    model: 'VM-S600',
    module: 'mainBoard',
    version: '2.3.0',
    fromVersion: null,
    state: 'released',
    kib: 512,
    notesZh: '新增货道自检；修复温度显示偏差',
    notesEn: 'Adds a channel self-test; fixes the temperature reading',
    daysAgo: 60,
  },
  {
    model: 'VM-S600',
    module: 'mainBoard',
    version: '2.4.0',
    fromVersion: '2.0.0',
    state: 'released',
    kib: 640,
    notesZh: '修复出货电机偶发卡顿，缩短开机时间',
    notesEn: 'Fixes an occasional motor stall; boots faster',
    daysAgo: 12,
  },
  {
    model: 'VM-S600',
    module: 'mainBoard',
    version: '2.5.0-beta.1',
    fromVersion: '2.3.0',
    state: 'draft',
    kib: 640,
    notesZh: '试用：夜间节能模式',
    notesEn: 'Trial: a night-time energy saving mode',
    daysAgo: 2,
  },
  {
    model: 'VM-S600',
    module: 'payment',
    version: '1.8.2',
    fromVersion: '1.6.0',
    state: 'released',
    kib: 256,
    notesZh: '支持数字人民币碰一碰支付',
    notesEn: 'Takes digital RMB tap-to-pay',
    daysAgo: 30,
  },
  {
    model: 'VM-S600',
    module: 'payment',
    version: '1.8.1',
    fromVersion: '1.6.0',
    state: 'withdrawn',
    kib: 256,
    notesZh: '（已撤回：部分读卡器无法识别）',
    notesEn: '(Withdrawn: some card readers were not recognised)',
    daysAgo: 35,
  },
  {
    model: 'VM-C900',
    module: 'brewer',
    version: '3.1.0',
    fromVersion: null,
    state: 'released',
    kib: 384,
    notesZh: '优化研磨时间，拿铁出杯更稳定',
    notesEn: 'Tunes the grind time: lattes come out more evenly',
    daysAgo: 20,
  },
];

/** What each activated demo machine runs: a model's current release but for the main board, where some lag behind. */
const RUNNING: Readonly<Record<string, Partial<Record<ModuleKind, string>>>> = {
  'VM-S600': { mainBoard: '2.3.0', payment: '1.8.2', cooling: '1.2.0', display: '1.0.4', network: '4.2.1' },
  'VM-S800': { mainBoard: '1.9.3', payment: '1.8.2', display: '1.0.4', network: '4.2.1' },
  'VM-C900': { mainBoard: '2.0.1', payment: '1.8.2', brewer: '3.0.2', display: '1.1.0', network: '4.2.1' },
  'PB-100': { payment: '2.2.0', network: '4.2.1' },
  'SL-20': { mainBoard: '1.1.0', network: '4.2.1' },
};

/** `kib` KiB of a seeded stream: the same bytes, and checksum, on every load. */
function demoFile(seed: string, kib: number): Buffer {
  const blocks: Buffer[] = [];
  let block = createHash('sha256').update(seed).digest();
  for (let i = 0; i < kib * 32; i++) {
    blocks.push(block);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat(blocks);
}

export const firmwareDemo: DemoData = {
  after: ['device'],
  async load({ tx, ids, now, storage }) {
    const models = await tx
      .select({ id: deviceModels.id, name: deviceModels.name })
      .from(deviceModels)
      .where(inArray(deviceModels.name, Object.keys(MODULES)));
    const modelId = new Map(models.map((m) => [m.name, m.id]));
    await tx
      .insert(modelModules)
      .values(models.flatMap((m) => (MODULES[m.name] ?? []).map((module) => ({ modelId: m.id, module }))));
    for (const pkg of DEMO_PACKAGES) {
      const bytes = demoFile(`${pkg.model}/${pkg.module}/${pkg.version}`, pkg.kib);
      const fileId = createHash('sha256').update(bytes).digest('hex');
      await storage.put(fileId, bytes);
      const at = new Date(now - pkg.daysAgo * 86_400_000);
      await tx.insert(firmwarePackages).values({
        modelId: modelId.get(pkg.model)!,
        module: pkg.module,
        version: pkg.version,
        fromVersion: pkg.fromVersion,
        state: pkg.state,
        fileId,
        fileName: `${pkg.model}_${pkg.module}_${pkg.version}.bin`,
        size: bytes.length,
        notesZh: pkg.notesZh,
        notesEn: pkg.notesEn,
        createdAt: at,
        releasedAt: pkg.state === 'draft' ? null : new Date(at.getTime() + 3_600_000),
        withdrawnAt: pkg.state === 'withdrawn' ? new Date(at.getTime() + 3 * 86_400_000) : null,
      });
    }
    const reported = DEMO_DEVICES.filter((d) => d.activated).flatMap((d) =>
      Object.entries(RUNNING[d.model] ?? {}).map(([module, version]) => ({
        deviceId: ids.get('device', d.serial),
        module: module as ModuleKind,
        version,
        reportedAt: new Date(now - 5 * 60_000),
      })),
    );
    if (reported.length) await tx.insert(moduleVersions).values(reported);
  },
};
