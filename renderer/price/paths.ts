/** Addresses of the price screens (pure). */
export const PRICES_PATH = '/deviceList/prices';
export const changePath = (id: number) => `/deviceList/prices/change?id=${id}`;
