/** Addresses of the distributor screens (pure). */
export const DISTRIBUTORS_PATH = '/tenant/people';
export const distributorPath = (tenantId: number, tab?: string) =>
  `/tenant/distributor?id=${tenantId}${tab ? `&tab=${tab}` : ''}`;
export const DISTRIBUTOR_PRODUCTS_PATH = '/tenant/productInformation';
export const distributorProductsPath = (tenantId: number) => `${DISTRIBUTOR_PRODUCTS_PATH}?tenantId=${tenantId}`;
export const distributorDevicesPath = (tenantId: number) => `/tenant/devBind?tenantId=${tenantId}`;
