/** Addresses of the device screens (pure). */
export const DEVICE_LIST_PATH = '/deviceList/index';
export const devSetPath = (deviceId: number) => `/deviceList/devSet?id=${deviceId}`;
