/**
 * THE list of the renderer (ARCHITECTURE §4): every domain's screens and the
 * slots of the frame they fill. A new domain adds one line to
 * RENDERER_DOMAINS; a route whose name has no screen here shows the "not
 * available in this version" page.
 */
import {
  assembleLive,
  assembleScreens,
  assembleSessionStarts,
  assembleMoveStarts,
  assemblePorts,
  assembleSlots,
  assembleWarms,
} from './manifest.js';
import { accountScreens } from './account/index.js';
import { pointScreens } from './point/index.js';
import { deviceScreens } from './device/index.js';
import { fileScreens } from './file/index.js';
import { productScreens } from './product/index.js';
import { sceneScreens } from './scene/index.js';
import { orderScreens } from './order/index.js';
import { complaintScreens } from './complaint/index.js';
import { dashboardScreens } from './dashboard/index.js';
import { billingScreens } from './billing/index.js';
import { deliveryScreens } from './delivery/index.js';
import { tenantScreens } from './tenant/index.js';
import { callbackScreens } from './callback/index.js';
import { staffScreens } from './staff/index.js';
import { customerScreens } from './customer/index.js';
import { paymentScreens } from './payment/index.js';
import { refundScreens } from './refund/index.js';
import { memberScreens } from './member/index.js';
import { groupScreens } from './group/index.js';
import { activityScreens } from './activity/index.js';
import { firmwareScreens } from './firmware/index.js';
import { priceScreens } from './price/index.js';
import { shareScreens } from './share/index.js';
import { booksScreens } from './books/index.js';
import { reconciliationScreens } from './reconciliation/index.js';
import { oplogScreens } from './oplog/index.js';
import { walletScreens } from './wallet/index.js';
import { freshScreens } from './fresh/index.js';

export const RENDERER_DOMAINS = [
  accountScreens,
  pointScreens,
  fileScreens,
  productScreens,
  deviceScreens,
  sceneScreens,
  orderScreens,
  complaintScreens,
  dashboardScreens,
  billingScreens,
  deliveryScreens,
  tenantScreens,
  callbackScreens,
  staffScreens,
  customerScreens,
  paymentScreens,
  refundScreens,
  memberScreens,
  groupScreens,
  activityScreens,
  firmwareScreens,
  priceScreens,
  shareScreens,
  booksScreens,
  reconciliationScreens,
  oplogScreens,
  walletScreens,
  freshScreens,
] as const;

export const SCREENS = assembleScreens(RENDERER_DOMAINS);
export const SLOTS = assembleSlots(RENDERER_DOMAINS);
export const LIVE = assembleLive(RENDERER_DOMAINS);
export const SESSION_STARTS = assembleSessionStarts(RENDERER_DOMAINS);
export const MOVE_STARTS = assembleMoveStarts(RENDERER_DOMAINS);
assemblePorts(RENDERER_DOMAINS);
export const SIGN_IN_WARMS = assembleWarms(RENDERER_DOMAINS);
