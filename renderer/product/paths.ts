/** Addresses of the product screens that belong to one category (pure). */
export const CATEGORIES_PATH = '/productManagement/classification';
export const setPropertyPath = (categoryId: number) => `/productManagement/setProperty?categoryId=${categoryId}`;
export const imgFormatPath = (categoryId: number) => `/productManagement/imgFormat?categoryId=${categoryId}`;
export const MERCHANDISE_PATH = '/productManagement/merchandise';
export const NEW_GOODS_PATH = '/productManagement/nweGoods';
export const editGoodsPath = (productId: number) => `${NEW_GOODS_PATH}?id=${productId}`;
export const CUSTOM_MODELS_PATH = '/productManagement/commodityInfor';
export const infoDetailsPath = (modelId: number) => `/productManagement/infoDetails?modelId=${modelId}`;
export const imgDetailsPath = (modelId: number) => `/productManagement/imgDetails?modelId=${modelId}`;
export const editCustomInfoPath = (productId: number) => `/productManagement/editNweGoods?id=${productId}`;
export const INGREDIENTS_PATH = '/productManagement/ingredient';
/** The distributor list (the tenant domain's), where a distributor's products page goes back to. */
export const DISTRIBUTORS_PATH = '/tenant/people';
/** The price changes' screen (the price domain, built on this one): a selection opens its wizard there. */
export const PRICES_PATH = '/deviceList/prices';
