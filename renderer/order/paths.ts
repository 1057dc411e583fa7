/** Addresses of the order screens (pure). */
export const ORDER_LIST_PATH = '/orderManagement/orderList';
export const PAYMENT_BOX_PATH = '/orderManagement/payTheBox';
export const orderDetailPath = (orderId: number) => `/orderManagement/orderDetail?id=${orderId}`;
