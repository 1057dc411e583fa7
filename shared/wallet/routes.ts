/**
 * The stored value screen (beyond spec §2: docs/domains/wallet.md), joined to the member centre after the
 * third-party members: the admin's and the tenants', as the member centre is.
 */
import { into, view } from '../routes/define.js';

export const walletRoutes = [
  into('/memberCenter', [view('storedValue', 'StoredValue', 'wallet.route.storedValue')], 'ThirdPartyMember'),
];
