/** Device codes (spec §8 family 1201–1210). */
import { defineErrors, err, family } from '../errors/define.js';

export const deviceErrors = defineErrors({
  deviceNotFound: err(1201, 404, '设备不存在', '設備不存在', 'Device not found'),
}, [
  family(1201, 1210, '设备错误', '設備錯誤', 'Device error'),
]);
