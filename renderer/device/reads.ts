/** The reads of a device's page beside its record (pure, small: the manifest's move start uses it from the first bundle). */
import type { OpRead } from '../bridge.js';

/** Its cards' reads, which need only the device's id: the QR code, the modules and the channels. */
export const deviceCardReads = (id: number): OpRead[] => [
  ['device.qrcode', { params: { id } }],
  ['device.modules', { params: { id } }],
  ['device.channels', { params: { id } }],
];
