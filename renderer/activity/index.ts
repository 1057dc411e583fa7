/** The activity domain's screens (spec §2 /marketing/scene, adddiscount, scenedeatil, create). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export { activityPath } from './paths.js';

export const activityScreens = defineScreens({
  name: 'activity',
  screens: {
    SceneMarketing: lazy(() => import('./ActivitiesPage.js')),
    AddDiscount: lazy(() => import('./ActivityFormPage.js')),
    DiscountDetail: lazy(() => import('./ActivityPage.js')),
    CreateActivity: lazy(() => import('./ChooseTypePage.js')),
  },
});
