/** Where the billing screens live (spec §2: hidden children of /). */
export const PAY_CENTER_PATH = '/payCenter';
export const BILL_PATH = '/bill';
/** The payment centre with devices already chosen (from service fees, or a device's "service ending" alert). */
export const payCenterPath = (deviceIds: readonly number[]) =>
  deviceIds.length ? `${PAY_CENTER_PATH}?devices=${deviceIds.join(',')}` : PAY_CENTER_PATH;
/** The device ids a payment-centre address names; anything else in it is ignored. */
export const chosenDevices = (param: string | null): number[] =>
  (param ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .slice(0, 200);
