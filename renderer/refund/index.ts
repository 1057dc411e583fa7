/** The refund domain in the console: the refund dialog and an order's refund records, used by the order and complaint screens (refunds have no screen of their own). */
import { lazy } from 'react';
import { provide } from '../../shared/ports.js';
import { defineScreens } from '../manifest.js';
import { orderRefunds } from '../order/index.js';

export type { RefundDialogProps } from './RefundDialog.js';
export { RefundSettingsDialog } from './RefundSettingsDialog.js';

const loadParts = () => import('./parts.js');

/**
 * The refund dialog for the screens built on refunds (a complaint's refund), lazy as the order page's parts are:
 * a static export here would hold its code in the first bundle, which imports this manifest.
 */
export const RefundDialog = lazy(() => loadParts().then((m) => ({ default: m.RefundDialog })));

export const refundScreens = defineScreens({
  name: 'refund',
  screens: {},
  // An order's page shows its refunds and asks for one (the order domain, below refunds, declares the port).
  provides: [
    provide(orderRefunds, {
      Records: lazy(() => loadParts().then((m) => ({ default: m.RefundRecords }))),
      Dialog: RefundDialog,
      preload: loadParts,
    }),
  ],
});
