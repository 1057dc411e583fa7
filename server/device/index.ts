/** The device domain on the upstream: the device list (the devices issue grows it). */
import { defineServerDomain } from '../manifest.js';
import { deviceDemo } from './demo.js';
import { deviceHandlers } from './handlers.js';
import { machineHandlers } from './machine.js';
import { devices } from './schema.js';

export { DEMO_DEVICES } from './demo.js';
export { selectDevices, toDeviceItem } from './queries.js';
export { devices } from './schema.js';
export { DEFAULT_DEVICE_LIMIT, deviceCaller, demoSecret } from './credentials.js';
export { deviceForSale, takeStock, touchDevice, type SaleDevice, type SoldLine } from './stock.js';

export const deviceServer = defineServerDomain({
  name: 'device',
  handlers: { ...deviceHandlers, ...machineHandlers },
  demo: deviceDemo,
  owns: { device: { id: devices.id, tenantId: devices.tenantId, labels: [devices.name, devices.serial] } },
});
