/** The group domain's screens (spec §2 /marketing/group, groudetale, addgroup). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const groupScreens = defineScreens({
  name: 'group',
  screens: {
    CustomerGroups: lazy(() => import('./GroupsPage.js')),
    GroupDetail: lazy(() => import('./GroupPage.js')),
    AddGroup: lazy(() => import('./GroupFormPage.js')),
  },
});
