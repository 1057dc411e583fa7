/** The point domain's screens (spec §2 /pointMent). */
import { defineScreens, preloadable } from '../manifest.js';

export const pointScreens = defineScreens({
  name: 'point',
  screens: {
    PointList: preloadable(() => import('./PointListPage.js')),
    BindDevice: preloadable(() => import('./BindDevicePage.js')),
  },
});
