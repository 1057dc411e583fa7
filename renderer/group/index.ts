/** The group domain's screens (spec §2 /marketing/group, groudetale, addgroup). */
import { defineScreens, preloadable } from '../manifest.js';

export const groupScreens = defineScreens({
  name: 'group',
  screens: {
    CustomerGroups: preloadable(() => import('./GroupsPage.js')),
    GroupDetail: preloadable(() => import('./GroupPage.js')),
    AddGroup: preloadable(() => import('./GroupFormPage.js')),
  },
});
