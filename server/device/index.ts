/** The device domain on the upstream: the device list (the devices issue grows it). */
import { defineServerDomain } from '../manifest.js';
import { deviceDemo } from './demo.js';
import { deviceHandlers } from './handlers.js';
import { machineHandlers, sweepOffline } from './machine.js';
import { devices } from './schema.js';

export { DEMO_DEVICES } from './demo.js';
export { selectDevices, toDeviceItem } from './queries.js';
export { devices } from './schema.js';
export { DEFAULT_DEVICE_LIMIT, deviceCaller, demoSecret } from './credentials.js';
export { startSimulator, simulateFromEnv, percentile, type Simulator, type SimulatorOptions, type SimulatorStats } from './simulator.js';
export { publishDeviceEvent, publishDeviceEvents } from './events.js';
export { deviceForSale, takeStock, touchDevice, type SaleDevice, type SoldLine } from './stock.js';

/** Machines silent for too long go offline: swept every few seconds by each running upstream (one statement; racing sweeps are harmless). */
const SWEEP_MS = 10_000;

export const deviceServer = defineServerDomain({
  name: 'device',
  handlers: { ...deviceHandlers, ...machineHandlers },
  demo: deviceDemo,
  background: (db) => {
    const timer = setInterval(() => {
      sweepOffline(db).catch(() => {});
    }, SWEEP_MS);
    timer.unref();
    return async () => clearInterval(timer);
  },
  owns: { device: { id: devices.id, tenantId: devices.tenantId, labels: [devices.name, devices.serial] } },
});
