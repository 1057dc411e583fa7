/** The scene domain's screens (spec §2 /sceneadmin and its detail page). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const sceneScreens = defineScreens({
  name: 'scene',
  screens: {
    SceneLinkage: lazy(() => import('./SceneListPage.js')),
    SceneDetail: lazy(() => import('./SceneDetailPage.js')),
  },
});
