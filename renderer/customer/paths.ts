/** Addresses of the enterprise-customer screens (pure). */
export const CUSTOMERS_PATH = '/costumeMent/costume';
export const bindGroupPath = (customerId: number) => `/costumeMent/bindGroup?id=${customerId}`;
export const staffPagePath = (customerId: number) => `/costumeMent/staffPage?customerId=${customerId}`;
