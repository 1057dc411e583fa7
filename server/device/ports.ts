/** What the device domain needs from the domains built on it (server/ports.ts): what a machine's heartbeat delivers. */
import type { Queryable } from '../db/index.js';
import { port } from '../../shared/ports.js';

/** A firmware update a machine's heartbeat offers it (shared/device/machine.ts `updateOffer`, the same shape). */
export interface OfferedUpdate {
  jobId: number;
  packageId: number;
  module: string;
  version: string;
  size: number;
  sha256: string;
  state: string;
}

/** A price change due at a machine (shared/device/machine.ts `priceOffer`, the same shape). */
export interface OfferedPrices {
  changeId: number;
  channels: { number: number; price: number; customerStaffPrice: number }[];
}

/** The firmware update a machine's heartbeat offers it (the firmware domain). */
export const updateOffer =
  port<(db: Queryable, deviceId: number) => Promise<OfferedUpdate | null>>('device.updateOffer');
/** The price changes due at a machine, delivered by its heartbeat (the price domain). */
export const priceOffers = port<(db: Queryable, deviceId: number) => Promise<OfferedPrices[]>>('device.priceOffers');
/** A machine's stock report is a service visit: the price changes waiting for one are due (the price domain). */
export const serviceVisit = port<(db: Queryable, deviceId: number) => Promise<void>>('device.serviceVisit');

export const devicePorts = [updateOffer, priceOffers, serviceVisit] as const;
