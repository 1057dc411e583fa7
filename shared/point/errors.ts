/** Point (location) codes of the device/tenant/location family (spec §8 1401–1459, §5 point rules). */
import { defineErrors, err } from '../errors/define.js';

export const pointErrors = defineErrors({
  pointNotFound: err(1410, 404, '点位不存在', '點位不存在', 'Point not found'),
  pointHasDevices: err(
    1411,
    409,
    '点位下有设备，不能删除',
    '點位下有設備，不能刪除',
    'Cannot delete a point that has devices',
  ),
  deviceBoundElsewhere: err(
    1412,
    409,
    '设备已绑定到其他点位',
    '設備已綁定到其他點位',
    'The device is bound to another point',
  ),
  deviceOtherTenant: err(
    1413,
    409,
    '设备与点位不属于同一租户',
    '設備與點位不屬於同一租戶',
    'The device and the point belong to different tenants',
  ),
  deviceNotOnPoint: err(1414, 409, '设备未绑定到该点位', '設備未綁定到該點位', 'The device is not bound to this point'),
});
