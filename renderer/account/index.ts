/** The account domain in the renderer: the sign-in page, the profile menu (with the password dialog) and the account page. */
import { defineScreens, preloadable } from '../manifest.js';
import { accountPorts } from './ports.js';

export { accountCallbacks, accountPaymentForm } from './ports.js';

export const accountScreens = defineScreens({
  name: 'account',
  ports: accountPorts,
  screens: {
    Person: preloadable(() => import('./PersonPage.js')),
  },
  slots: {
    signIn: () => import('./LoginPage.js'),
    // Loaded with the shell, not with the sign-in page: its menu, avatar and password dialog are no part of signing in.
    profileMenu: preloadable(() => import('./ProfileMenu.js').then((m) => ({ default: m.ProfileMenu }))),
  },
});

/** The password rule beside a form's schema (every form that sets a password: distributors, members, enterprise accounts, the password dialog). */
export { withPasswordRule } from './passwordRule.js';

/** A new account's name and password fields, with those rules as their hints; the form of a dialog that makes one. */
export { AccountNameInput, NewAccountInputs, NewPasswordInput } from './AccountInputs.js';
export { NEW_ACCOUNT_FIELD_CODES, useNewAccountForm } from './newAccount.js';
