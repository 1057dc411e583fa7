/** What the device domain needs from the domains built on it (shared/ports.ts): what a machine's heartbeat delivers, the devices a push's point or scene names. */
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/index.js';
import type { RefillBatch } from '../../shared/device/index.js';
import type { StockCause } from './schema.js';
import type { Scope } from '../scope.js';
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
/** A channel's next unit to sell: its last business day (null when unknown), and whether that is past. */
export interface ChannelExpiry {
  expiresOn: string | null;
  expired: boolean;
}
/**
 * Per channel of fresh food, the expiry of the next unit to sell (the fresh
 * domain: its oldest open batch): the heartbeat tells the machine, which
 * sells none from a channel past it until the batch is removed and prices
 * the others by their markdown ladder.
 */
export const channelExpiries =
  port<(db: Queryable, deviceId: number) => Promise<ReadonlyMap<number, ChannelExpiry>>>('device.channelExpiries');
/** A markdown push delivered to a machine (shared/device/machine.ts `markdownOffer`, the same shape). */
export interface OfferedMarkdowns {
  pushId: number;
  products: { productId: number; steps: { hoursLeft: number; percentOff: number }[] }[];
}
/** The markdown pushes delivered to a machine by its heartbeat (the fresh domain). */
export const markdownOffers =
  port<(db: Queryable, deviceId: number) => Promise<OfferedMarkdowns[]>>('device.markdownOffers');
/**
 * A sale naming channels the device does not have, refused (943): held for
 * someone to look at the machine (the fresh domain's quarantine), after the
 * sale's transaction rolled back. A sale sent again is held once.
 */
export interface UnknownChannelSale {
  deviceId: number;
  tenantId: number;
  saleId: string;
  channels: readonly number[];
  items: readonly { channel: number; count: number }[];
}
export const unknownChannelSale =
  port<(db: Queryable, sale: UnknownChannelSale) => Promise<void>>('device.unknownChannelSale');
/** A machine's stock report is a service visit: the price changes waiting for one are due (the price domain). */
export const serviceVisit = port<(db: Queryable, deviceId: number) => Promise<void>>('device.serviceVisit');

/** Places a push may name, of a domain built on devices: a point, a scene. */
export interface PushPlaces {
  /** The place's devices when it is the tenant's, null otherwise. */
  devices(db: Queryable, tenantId: number, id: number): Promise<number[] | null>;
  /** The tenant's places by id, for a push's form to offer. */
  list(db: Queryable, tenantId: number): Promise<{ id: number; name: string }[]>;
}

/**
 * The point a device stands at, as the device's lists show it (the point
 * domain, built on devices: this domain does not read its table).
 */
export interface DevicePoint {
  /** The point's name, address and area code, each read by the device's point column (null at no point). */
  columns(pointId: AnyColumn): { name: SQL<string | null>; address: SQL<string | null>; areaCode: SQL<string | null> };
  /** 1410 unless the caller sees the point (a list's filter names it). */
  check(db: Queryable, scope: Scope, pointId: number): Promise<void>;
}
export const devicePoint = port<DevicePoint>('device.devicePoint');

/** A push names a point (the point domain). */
export const pointPlaces = port<PushPlaces>('device.pointPlaces');
/** A push names a scene, its linkage group (the scene domain). */
export const scenePlaces = port<PushPlaces>('device.scenePlaces');

/**
 * One kind's pushes as the fleet's view lists them (pushes.ts): a select of
 * their headers, the columns `PUSH_COLUMNS` names, of the caller's tenants
 * (`scope`); the view counts their devices from the parts.
 */
export type PushSource = (scope: Scope) => SQL;
/** Firmware rollouts as pushes (the firmware domain). */
export const firmwarePushes = port<PushSource>('device.firmwarePushes');
/** Price changes as pushes (the price domain). */
export const pricePushes = port<PushSource>('device.pricePushes');
/** Markdown ladders sent to machines as pushes (the fresh domain). */
export const markdownPushes = port<PushSource>('device.markdownPushes');

/**
 * Channels' stock moved in this transaction (the device row locked): what
 * moved it, the channels (null: every channel of the device), and for a
 * refill the batches given and who refilled. The batches in them follow
 * their stock, the oldest taken first (the fresh domain); a refill of a
 * perishable product with no batch given is refused there (1440).
 */
export interface StockMoved {
  deviceId: number;
  numbers: readonly number[] | null;
  cause: StockCause;
  batches?: readonly RefillBatch[];
  actor?: number;
}
/** What a sale took from a channel's batches: the expiry of the freshest one taken, and the markdown it sells at (percent off; 0: none). */
export interface TakenBatches {
  expiresOn: string | null;
  markdown: number;
  /** Units it took from batches already past their expiry (a machine that sold them offline): refunded after the sale. */
  expired: number;
}
export const stockBatches =
  port<(tx: Tx, moved: StockMoved) => Promise<ReadonlyMap<number, TakenBatches>>>('device.stockBatches');

export const devicePorts = [
  updateOffer,
  priceOffers,
  serviceVisit,
  devicePoint,
  pointPlaces,
  scenePlaces,
  firmwarePushes,
  pricePushes,
  markdownPushes,
  stockBatches,
  channelExpiries,
  markdownOffers,
  unknownChannelSale,
] as const;
