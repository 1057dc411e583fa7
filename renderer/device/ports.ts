/** What the device screens need from the domains built on devices (shared/ports.ts). */
import type { PushKind } from '../../shared/device/index.js';
import { port, type Port } from '../../shared/ports.js';

/** Where a firmware rollout shows its progress (the firmware domain). */
export const firmwarePushPage = port<(id: number) => string>('device.firmwarePushPage');
/** Where a price change shows its progress (the price domain). */
export const pricePushPage = port<(id: number) => string>('device.pricePushPage');

/** A push's progress page, by its kind: the fleet's view opens it. */
export const pushPages: Record<PushKind, Port<(id: number) => string>> = {
  firmware: firmwarePushPage,
  price: pricePushPage,
};

export const devicePorts = [firmwarePushPage, pricePushPage] as const;
