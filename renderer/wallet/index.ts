/**
 * Members' wallets in the console (docs/domains/wallet.md): a member's
 * stored value on its page, through the member domain's `member.wallet`
 * port (drawn when its tab is opened), and /memberCenter/storedValue.
 */
import { lazy } from 'react';
import { provide } from '../../shared/ports.js';
import { defineScreens, preloadable } from '../manifest.js';
import { memberWallet } from '../member/index.js';

export const walletScreens = defineScreens({
  name: 'wallet',
  provides: [
    provide(
      memberWallet,
      lazy(() => import('./WalletPanel.js')),
    ),
  ],
  screens: { StoredValue: preloadable(() => import('./StoredValuePage.js')) },
});
