/** Addresses of the device screens (pure). */
export const DEVICE_LIST_PATH = '/deviceList/index';
export const DEV_SET_PATH = '/deviceList/devSet';
export const devSetPath = (deviceId: number) => `${DEV_SET_PATH}?id=${deviceId}`;
/** The price changes' screen (the price domain, built on this one): a selection opens its wizard there. */
export const PRICES_PATH = '/deviceList/prices';
