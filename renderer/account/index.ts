/** The account domain in the renderer: the sign-in page and the profile menu (with the password dialog). */
import { defineScreens } from '../manifest.js';
import { ProfileMenu } from './ProfileMenu.js';

export const accountScreens = defineScreens({
  name: 'account',
  screens: {},
  slots: {
    signIn: () => import('./LoginPage.js'),
    profileMenu: ProfileMenu,
  },
});
