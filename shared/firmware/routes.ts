/**
 * Firmware screens: not in spec §2's route list, which has none for the
 * catalogue's firmware families (docs/departures.md). In the device menu
 * group after the scenes, opened by the device list's code (2-1): the
 * packages at /deviceList/firmware, one package and one rollout's progress
 * hidden beneath it.
 */
import { codes, detail, into, view } from '../routes/define.js';

export const firmwareRoutes = [
  into(
    '/deviceList',
    [
      view('firmware', 'Firmware', 'firmware.route.firmware', codes('2-1')),
      detail('firmware/package', 'FirmwarePackage', 'firmware.route.package', '/deviceList/firmware', codes('2-1')),
      detail('firmware/rollout', 'FirmwareRollout', 'firmware.route.rollout', '/deviceList/firmware', codes('2-1')),
    ],
    'SceneDetail',
  ),
];
