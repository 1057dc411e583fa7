/** Addresses of the scene screens (pure). */
export const SCENE_LIST_PATH = '/sceneadmin';
export const sceneDetailPath = (sceneId: number) => `/sceneadmin/detailpage?id=${sceneId}`;
