/**
 * Members' wallets in the console (docs/domains/wallet.md): a member's
 * stored value on its page, through the member domain's `member.wallet`
 * port (drawn when its tab is opened); no screen of its own yet.
 */
import { lazy } from 'react';
import { provide } from '../../shared/ports.js';
import { defineScreens } from '../manifest.js';
import { memberWallet } from '../member/index.js';

export const walletScreens = defineScreens({
  name: 'wallet',
  provides: [
    provide(
      memberWallet,
      lazy(() => import('./WalletPanel.js')),
    ),
  ],
  screens: {},
});
