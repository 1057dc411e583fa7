/** Device codes (spec §8 family 1201–1210). */
import { defineErrors, err, family } from '../errors/define.js';

export const deviceErrors = defineErrors({
  deviceNotFound: err(1201, 404, '设备不存在', '設備不存在', 'Device not found'),
  // The device-facing API's (a machine reads them, the console never sees them).
  deviceCredentials: err(1202, 401, '设备认证失败', '設備認證失敗', 'Device authentication failed'),
  deviceTooManyRequests: err(1203, 429, '设备请求过于频繁', '設備請求過於頻繁', 'The device sends too many requests'),
}, [
  family(1201, 1210, '设备错误', '設備錯誤', 'Device error'),
]);
