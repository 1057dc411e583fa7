/** Scene screens (spec §2 /sceneadmin, code 2-9): in the device menu group, after the device list. */
import { codes, detail, into, view } from '../routes/define.js';

export const sceneRoutes = [
  into(
    '/deviceList',
    [
      view('/sceneadmin', 'SceneLinkage', 'scene.route.sceneLinkage', codes('2-9')),
      detail('/sceneadmin/detailpage', 'SceneDetail', 'scene.route.sceneDetail', '/sceneadmin', codes('2-9')),
    ],
    'DeviceList',
  ),
];
