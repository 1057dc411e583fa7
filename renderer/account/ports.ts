/** What the account page needs from the domains built on accounts (shared/ports.ts). */
import type { ComponentType } from 'react';
import { port } from '../../shared/ports.js';

/** The signed-in distributor's own callback settings and delivery log (the callback domain). */
export const accountCallbacks = port<ComponentType<Record<string, never>>>('account.callbacks');

/** The signed-in distributor's own payment settings, with their history (the payment domain). */
export const accountPaymentForm = port<ComponentType<{ history?: boolean }>>('account.paymentForm');

export const accountPorts = [accountCallbacks, accountPaymentForm] as const;
