/** A device's modules: the versions its heartbeat reports, kept per module, read by whoever sees the device. */
import { describe, expect, it } from 'vitest';
import { CODE } from '../../../shared/domains.js';
import { deviceBasic, suiteApp } from '../helpers.js';

const t = suiteApp(['tenant1', 'tenant2']);

describe('device.heartbeat', () => {
  it('keeps the module versions a machine reports: known modules with semantic versions, the last said of each', async () => {
    const heartbeat = (modules: { module: string; version: string }[]) =>
      t.call('device.heartbeat', { body: { modules } }, undefined, { authorization: deviceBasic('VM2026000106') });
    const res = await heartbeat([
      { module: 'mainBoard', version: '2.2.0' },
      { module: 'mainBoard', version: '2.4.0' },
      { module: 'toaster', version: '1.0.0' },
      { module: 'cooling', version: 'v1' },
    ]);
    expect(res.body.code).toBe(CODE.ok);
    const modules = await t.ok('device.modules', { params: { id: t.ids.device('VM2026000106') } }, t.token.tenant1);
    expect(modules.find((m) => m.module === 'mainBoard')?.version).toBe('2.4.0');
    expect(modules.find((m) => m.module === 'cooling')?.version).toBe('1.2.0');
    expect(modules.some((m) => (m.module as string) === 'toaster')).toBe(false);
  });
});

describe('device.modules', () => {
  it("answers a visible device's modules; another tenant's device is not found", async () => {
    const mine = await t.ok('device.modules', { params: { id: t.ids.device('VM2026000101') } }, t.token.tenant1);
    expect(mine.map((m) => m.module)).toEqual(['mainBoard', 'payment', 'cooling', 'display', 'network']);
    expect(await t.code('device.modules', { params: { id: t.ids.device('VM2026000101') } }, t.token.tenant2)).toBe(
      CODE.deviceNotFound,
    );
  });
});
