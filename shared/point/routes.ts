/** Point screens (spec §2 /pointMent). Codes: 3-1 the point list with create, edit, delete; 3-2 binding devices. */
import { codes, detail, group, view } from '../routes/define.js';

export const pointRoutes = [
  group(
    20,
    '/pointMent',
    { title: 'point.route.pointManagement', icon: 'location' },
    [
      view('pointList', 'PointList', 'point.route.pointList', codes('3-1')),
      detail('bindDevice', 'BindDevice', 'point.route.bindDevice', '/pointMent/pointList', codes('3-2')),
    ],
    { alwaysShow: true },
  ),
];
