/** Device codes (spec §8 families 1201–1210 and 1801–1829). */
import { defineErrors, err, family } from '../errors/define.js';

export const deviceErrors = defineErrors(
  {
    deviceNotFound: err(1201, 404, '设备不存在', '設備不存在', 'Device not found'),
    // The device-facing API's (a machine reads them, the console never sees them).
    deviceCredentials: err(1202, 401, '设备认证失败', '設備認證失敗', 'Device authentication failed'),
    deviceTooManyRequests: err(1203, 429, '设备请求过于频繁', '設備請求過於頻繁', 'The device sends too many requests'),
    // The device pool's.
    deviceNotInPool: err(
      1204,
      409,
      '设备已分配，请先回收',
      '設備已分配，請先回收',
      'The device has an owner; recycle it first',
    ),
    deviceAlreadyPooled: err(1205, 409, '设备已在设备池中', '設備已在設備池中', 'The device is already in the pool'),
    deviceSerialTaken: err(1206, 409, '设备编号已存在', '設備編號已存在', 'A device with this serial number exists'),
    // Device binding (shared/device/handover.ts), in the device/tenant/location family.
    deviceOnPoint: err(
      1406,
      409,
      '设备已绑定点位，请先解绑',
      '設備已綁定點位，請先解綁',
      'The device is bound to a point: unbind it first',
    ),
    // A push to the fleet (push.ts), numbered with the firmware push's codes where it began.
    pushRefUnknown: err(
      1909,
      404,
      '推送目标中的设备、点位或场景不存在',
      '推送目標中的設備、點位或場景不存在',
      'A device, point or scene the push names does not exist',
    ),
    deviceModelNotFound: err(1801, 404, '设备型号不存在', '設備型號不存在', 'Device model not found'),
    deviceModelTaken: err(
      1802,
      409,
      '设备型号名称已存在',
      '設備型號名稱已存在',
      'A device model with this name exists',
    ),
  },
  [
    family(1201, 1210, '设备错误', '設備錯誤', 'Device error'),
    family(1801, 1829, '设备型号或模块错误', '設備型號或模組錯誤', 'Device model or module error'),
  ],
);
