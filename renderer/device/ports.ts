/** What the device screens need from the domains built on devices (shared/ports.ts). */
import type { ComponentType } from 'react';
import type { ChannelItem, PushKind } from '../../shared/device/index.js';
import { port, type Port } from '../../shared/ports.js';

/** Where a firmware rollout shows its progress (the firmware domain). */
export const firmwarePushPage = port<(id: number) => string>('device.firmwarePushPage');
/** Where a price change shows its progress (the price domain). */
export const pricePushPage = port<(id: number) => string>('device.pricePushPage');
/** Where a markdown push shows its progress (the fresh domain). */
export const markdownPushPage = port<(id: number) => string>('device.markdownPushPage');

/** A push's progress page, by its kind: the fleet's view opens it. */
export const pushPages: Record<PushKind, Port<(id: number) => string>> = {
  firmware: firmwarePushPage,
  price: pricePushPage,
  markdown: markdownPushPage,
};

/**
 * A refill that puts perishable goods in channels asks for each batch's
 * expiry and lot, then refills (the fresh domain): `numbers` is the refill's
 * selection (undefined: every switched-on channel with a product), `perishable`
 * the channels of it that take goods of a perishable product.
 */
export interface RefillBatchesProps {
  deviceId: number;
  numbers: number[] | undefined;
  perishable: readonly ChannelItem[];
  onClose: (refilled: boolean) => void;
}
export const refillBatches = port<ComponentType<RefillBatchesProps>>('device.refillBatches');

export const devicePorts = [firmwarePushPage, pricePushPage, markdownPushPage, refillBatches] as const;
