/** Scene linkage (spec §2 /sceneadmin, §5): each operation, and the feature file that does it. */
import { CODE } from '../../shared/domains.js';
import { defineHandlers } from '../http/handlers.js';
import { sceneInScope } from './queries.js';
import { createScene, deleteScene, saveMenu, sceneDeviceOptions, scenePage, setStatus, updateScene } from './scenes.js';

export const sceneHandlers = defineHandlers({
  'scene.page': ({ query, body }, { db, scope }) => scenePage(db, scope, query, body),
  'scene.info': ({ params }, { db, scope }) => sceneInScope(db, scope, params.id),
  'scene.deviceOptions': ({ body }, { db, scope, user }) => sceneDeviceOptions(db, user, scope, body),
  'scene.create': ({ body }, { db, scope, user }) => createScene(db, user, scope, body),
  'scene.update': ({ params, body }, { db, scope }) => updateScene(db, scope, params.id, body),
  'scene.menuSave': ({ params, body }, { db, scope }) => saveMenu(db, scope, params.id, body),
  'scene.disable': ({ params }, { db, scope }) =>
    setStatus(db, scope, params.id, 'disabled', CODE.sceneAlreadyDisabled),
  'scene.enable': ({ params }, { db, scope }) => setStatus(db, scope, params.id, 'normal', CODE.sceneAlreadyEnabled),
  'scene.delete': ({ params }, { db, scope }) => deleteScene(db, scope, params.id),
});
