/** Addresses of the device screens (pure). */
export const DEVICE_LIST_PATH = '/deviceList/index';
export const devSetPath = (deviceId: number) => `/deviceList/devSet?id=${deviceId}`;
/** The price changes' screen (the price domain, built on this one): a selection opens its wizard there. */
export const PRICES_PATH = '/deviceList/prices';
