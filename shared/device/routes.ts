/** Device screens (spec §2 /deviceList, /devicePool). Code 2-1: device list and settings; scene linkage joins the group (shared/scene/routes.ts). */
import { ADMIN_ONLY, codes, detail, group, into, view } from '../routes/define.js';

export const deviceRoutes = [
  group(
    10,
    '/deviceList',
    { title: 'device.route.deviceManagement', icon: 'device' },
    [
      view('index', 'DeviceList', 'device.route.deviceList', codes('2-1')),
      detail('devSet', 'DeviceSettings', 'device.route.deviceSettings', '/deviceList/index', codes('2-1')),
      // Beyond spec §2 (docs/departures.md): every push to the fleet — firmware, prices — in one view.
      view('pushes', 'DevicePushes', 'device.route.pushes', codes('2-1')),
    ],
    { alwaysShow: true },
  ),
  // Spec: system admin only; the path /devicePool/index mirrors /deviceList/index.
  group(100, '/devicePool', { title: 'device.route.devicePool', icon: 'pool', roles: ADMIN_ONLY }, [
    view('index', 'DevicePool', 'device.route.devicePool', { icon: 'pool', roles: ADMIN_ONLY }),
  ]),
  // Handing devices to a second-level distributor (spec §2 /tenant devBind, 7-3), under the distributor list.
  into(
    '/tenant',
    [detail('devBind', 'DistributorDevices', 'tenant.route.distributorDevices', '/tenant/people', codes('7-3'))],
    'Distributor',
  ),
];
