/** Addresses of the firmware screens (pure). */
export const FIRMWARE_PATH = '/deviceList/firmware';
export const packagePath = (id: number) => `/deviceList/firmware/package?id=${id}`;
export const rolloutPath = (id: number) => `/deviceList/firmware/rollout?id=${id}`;
