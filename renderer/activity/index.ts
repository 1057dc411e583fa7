/** The activity domain's screens (spec §2 /marketing/scene, adddiscount, scenedeatil, create). */
import { defineScreens, preloadable } from '../manifest.js';

export { activityPath } from './paths.js';

export const activityScreens = defineScreens({
  name: 'activity',
  screens: {
    SceneMarketing: preloadable(() => import('./ActivitiesPage.js')),
    AddDiscount: preloadable(() => import('./ActivityFormPage.js')),
    DiscountDetail: preloadable(() => import('./ActivityPage.js')),
    CreateActivity: preloadable(() => import('./ChooseTypePage.js')),
  },
});
