/**
 * What a domain shows of its rows that a domain built on it knows: a point
 * lists its store staff, whom the staff domain keeps; a distributor lists
 * its device count, which the device domain keeps. The lower domain may not
 * import the higher one (the one-way rule), and reading the higher one's
 * table by its name in a string would compile after a rename and fail at run
 * time. So the lower domain names the need here, typed; the higher domain
 * provides it in its manifest (`provides`), with its own typed tables; the
 * assembly (server/domains.ts) fills it in before any request. Like the
 * event sinks (server/http/events.ts), it is code, the same in every
 * instance, not state two instances must agree on.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { BasketLine, PricedLine } from '../../shared/common/basket.js';
import type { Queryable, Tx } from './index.js';

/** A machine's sale as the pricing step takes it: the engine's own basket lines (shared/activity/engine.ts), not a copy. */
export interface SaleBasket {
  tenantId: number;
  deviceId: number;
  memberId: number | null;
  staffId: number | null;
  platform: string;
  couponId: number | null;
  /** Per channel (`key`): the channel's price of one unit, and a staff buyer's price (null: not a staff buyer). */
  lines: BasketLine[];
}
/** The sale priced: the engine's lines (a purchase limit may split one), and the uses to record once the order exists. */
export interface PricedSale {
  lines: PricedLine[];
  record: (orderId: number) => Promise<void>;
}

/** A sign-in as the operation log records it (the account domain tells it; server/oplog keeps it). */
export interface SignInEntry {
  event: 'signIn' | 'signInFailed' | 'lockedOut' | 'signOut';
  username: string;
  /** Known when the username is someone's. */
  user: { id: number; kind: string; tenantId: number | null } | null;
  address: string;
  install: string;
}

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
/** A device's prices in an older price version, per channel, and whether it left that version too long ago to sell at it. */
export interface VersionPrices {
  stale: boolean;
  prices: ReadonlyMap<number, { price: number; customerStaffPrice: number }>;
}

export interface Provisions {
  /** A point's store staff: a JSON array of `{ id, name }`, by name then id (the staff domain). */
  pointStaff: (pointId: PgColumn) => SQL<{ id: number; name: string }[]>;
  /** How many devices a tenant holds (the device domain). */
  tenantDevices: (tenantId: PgColumn) => SQL<number>;
  /** A member's paid orders and what they came to, in fen, net of refunds: `{ orders, spent }` (the order domain). */
  memberOrders: (memberId: PgColumn) => SQL<{ orders: number; spent: number }>;
  /** A member's orders as its data export gives them: a JSON array, newest first (the order domain). */
  memberOrderList: (memberId: PgColumn) => SQL<unknown[]>;
  /** The names of activities by id, in id order (the activity domain): what priced an order's lines. */
  activityNames: (db: Queryable, ids: readonly number[]) => Promise<{ id: number; name: string; tenantId: number }[]>;
  /** Whether an activity names a customer group (the activity domain: 3436). */
  groupInUse: (groupId: number) => SQL<boolean>;
  /**
   * Prices a sale's basket inside its transaction (the activity domain): the
   * order domain sells, the activity domain, built on orders, decides prices.
   */
  salePricing: (tx: Tx, basket: SaleBasket) => Promise<PricedSale>;
  /** The firmware update a machine's heartbeat offers it (the firmware domain, built on devices). */
  updateOffer: (db: Queryable, deviceId: number) => Promise<OfferedUpdate | null>;
  /** The price changes due at a machine, delivered by its heartbeat (the price domain, built on devices). */
  priceOffers: (db: Queryable, deviceId: number) => Promise<OfferedPrices[]>;
  /** A machine's stock report is a service visit: the price changes waiting for one are due (the price domain). */
  serviceVisit: (db: Queryable, deviceId: number) => Promise<void>;
  /** A device's prices in an older price version, for a sale stamped with it (the price domain). */
  pricesAt: (tx: Tx, deviceId: number, version: number) => Promise<VersionPrices>;
  /** Records a sign-in, a failed one, one refused while locked, or a sign-out (the operation log). */
  signInRecord: (db: Queryable, entry: SignInEntry) => Promise<void>;
}

let provided: Partial<Provisions> = {};

/** The assembly's one call: every domain's provisions, each need met once. */
export function setProvisions(all: readonly Partial<Provisions>[]): void {
  const next: Partial<Provisions> = {};
  for (const one of all) {
    for (const key of Object.keys(one) as (keyof Provisions)[]) {
      if (next[key]) throw new Error(`provided twice: ${key}`);
      Object.assign(next, { [key]: one[key] });
    }
  }
  provided = next;
}

/** The SQL that meets a need where a domain provides it, else undefined: a need whose domain is still to be built. */
export const needIfProvided = <K extends keyof Provisions>(key: K): Provisions[K] | undefined => provided[key];

/** The SQL that meets a need; called when a statement is built, after the assembly. */
export function need<K extends keyof Provisions>(key: K): Provisions[K] {
  const found = provided[key];
  if (!found) throw new Error(`nothing provides ${key}: is the domain that keeps it in server/domains.ts?`);
  return found;
}
