/** Addresses of the order screens (pure). */
export const ORDER_LIST_PATH = '/orderManagement/orderList';
export const PAYMENT_BOX_PATH = '/orderManagement/payTheBox';
export const ORDER_DETAIL_PATH = '/orderManagement/orderDetail';
export const orderDetailPath = (orderId: number) => `${ORDER_DETAIL_PATH}?id=${orderId}`;
/** The orders an activity priced (its results' "view orders"): the order list filtered by it. */
export const activityOrdersPath = (activityId: number) => `${ORDER_LIST_PATH}?activityId=${activityId}`;
