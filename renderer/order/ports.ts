/** What the order screens need from the domains built on orders (shared/ports.ts). */
import type { ComponentType } from 'react';
import type { OrderDetail } from '../../shared/order/index.js';
import { port } from '../../shared/ports.js';

/** An order's refunds on its page: their records, and the dialog that asks for one (the refund domain). */
export interface OrderRefunds {
  Records: ComponentType<{ orderId: number }>;
  Dialog: ComponentType<{ order: OrderDetail; onClose: () => void }>;
  /** Loads their code: the order page asks as its own code loads, so they draw with it, not a round trip later. */
  preload: () => Promise<unknown>;
}
export const orderRefunds = port<OrderRefunds>('order.refunds');

export const orderPorts = [orderRefunds] as const;
