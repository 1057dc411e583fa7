/** The scene domain's screens (spec §2 /sceneadmin and its detail page). */
import { defineScreens, preloadable } from '../manifest.js';

export const sceneScreens = defineScreens({
  name: 'scene',
  screens: {
    SceneLinkage: preloadable(() => import('./SceneListPage.js')),
    SceneDetail: preloadable(() => import('./SceneDetailPage.js')),
  },
});
