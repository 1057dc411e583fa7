/**
 * The price operations' race scenarios (races.test.ts): one unapplied
 * change of a product per device under N creations at once; a delivered
 * change cancelled and applied at once, by the console and the machine,
 * ending one way only.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { CODE } from '../../../../shared/domains.js';
import { deviceChannels, devices, pushParts } from '../../../../server/device/index.js';
import { deviceBasic, type Answer, type TestApp } from '../../helpers.js';

type Check = (answers: Answer[], allowed: readonly number[]) => void;
type App = () => { t: TestApp; tenant: string; n: number; clean: Check };
const succeeded = (a: Answer) => a.status === 200 && a.body?.code === CODE.ok;
const SERIAL = 'VM2026000106';

/** A change of the Hangzhou East machine's first product, sent now, as tenant1. */
async function changeBody(t: TestApp) {
  const deviceId = t.ids.device(SERIAL);
  const [first] = await t.db
    .select({ productId: deviceChannels.productId })
    .from(deviceChannels)
    .where(and(eq(deviceChannels.deviceId, deviceId), isNotNull(deviceChannels.productId)))
    .orderBy(asc(deviceChannels.number))
    .limit(1);
  return {
    target: 'devices' as const,
    deviceIds: [deviceId],
    lines: [{ productId: first!.productId!, price: 777, customerStaffPrice: 666 }],
    timing: 'now' as const,
    replaces: [],
  };
}

export function priceRaces(app: App) {
  return {
    'price.create': async () => {
      const { t, tenant, n, clean } = app();
      // N changes of one product at one device at once: one is made, the others meet it (1911).
      const body = await changeBody(t);
      const answers = await Promise.all(Array.from({ length: n }, () => t.call('price.create', { body }, tenant)));
      clean(answers, [CODE.priceConflict]);
      const made = answers.filter(succeeded);
      expect(made).toHaveLength(1);
      const open = await t.db
        .select({ id: pushParts.id })
        .from(pushParts)
        .where(
          and(eq(pushParts.kind, 'price'), eq(pushParts.deviceId, body.deviceIds[0]!), eq(pushParts.step, 'waiting')),
        );
      expect(open).toHaveLength(1);
      await t.ok('price.cancel', { params: { id: made[0]!.body.content.id }, body: {} }, tenant);
    },

    'price.cancel': async () => {
      const { t, tenant, n, clean } = app();
      // A delivered change cancelled N times by the console while the machine reports it applied N times: one of them wins.
      const change = await t.ok('price.create', { body: await changeBody(t) }, tenant);
      const machine = { authorization: deviceBasic(SERIAL) };
      await t.call('device.heartbeat', { body: {} }, undefined, machine);
      const [before] = await t.db
        .select({ version: devices.priceVersion })
        .from(devices)
        .where(eq(devices.serial, SERIAL));
      const answers = await Promise.all(
        Array.from({ length: 2 * n }, (_, i) =>
          i % 2
            ? t.call('price.cancel', { params: { id: change.id }, body: {} }, tenant)
            : t.call('price.report', { params: { id: change.id }, body: { result: 'applied' } }, undefined, machine),
        ),
      );
      clean(answers, [CODE.priceChangeClosed, CODE.priceChangeNotActive]);
      expect(answers.filter(succeeded)).toHaveLength(1);
      const [part] = await t.db
        .select({ step: pushParts.step })
        .from(pushParts)
        .where(and(eq(pushParts.kind, 'price'), eq(pushParts.pushId, change.id)));
      const [after] = await t.db
        .select({ version: devices.priceVersion })
        .from(devices)
        .where(eq(devices.serial, SERIAL));
      expect(after!.version).toBe(before!.version + (part!.step === 'done' ? 1 : 0));
      expect(['done', 'cancelled']).toContain(part!.step);
    },
  };
}
