/** The point domain's screens (spec §2 /pointMent). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const pointScreens = defineScreens({
  name: 'point',
  screens: {
    PointList: lazy(() => import('./PointListPage.js')),
    BindDevice: lazy(() => import('./BindDevicePage.js')),
  },
});
