/**
 * Product screens (spec §2 /productManagement). Codes: 5-1 the old product
 * library and the categories, 5-2 the new library and creating a product;
 * commodityInfor (custom models) is the system admin's only. The categories'
 * own settings pages (attributes, image formats, ingredients) and a
 * distributor's products open with 5-1, as their data's calls do: a member
 * is never offered a button that leads to the no-permission page. Route names are
 * corrected English (NewGoods for nweGoods); paths keep the spec's spelling.
 */
import { ADMIN_ONLY, codes, detail, group, into, view } from '../routes/define.js';

const CATEGORIES = '/productManagement/classification';
const CUSTOM_MODELS = '/productManagement/commodityInfor';

export const productRoutes = [
  group(50, '/productManagement', { title: 'product.route.productManagement', icon: 'product' }, [
    view('productList', 'ProductList', 'product.route.productList', codes('5-1')),
    view('classification', 'Classification', 'product.route.classification', codes('5-1')),
    view('merchandise', 'Merchandise', 'product.route.merchandise', codes('5-2')),
    view('commodityInfor', 'CustomInfo', 'product.route.customInfo', { roles: ADMIN_ONLY }),
    detail('infoDetails', 'AttributeDetails', 'product.route.attributeDetails', CUSTOM_MODELS, { roles: ADMIN_ONLY }),
    detail('imgDetails', 'ImageDetails', 'product.route.imageDetails', CUSTOM_MODELS, { roles: ADMIN_ONLY }),
    detail('nweGoods', 'NewGoods', 'product.route.newGoods', '/productManagement/merchandise', {
      ...codes('5-2'),
      editTitle: 'product.route.editGoods',
    }),
    detail(
      'editNweGoods',
      'EditNewGoods',
      'product.route.editNewGoods',
      '/productManagement/merchandise',
      codes('5-2'),
    ),
    detail('setProperty', 'SetProperty', 'product.route.setProperty', CATEGORIES, codes('5-1')),
    detail('imgFormat', 'ImageFormat', 'product.route.imageFormat', CATEGORIES, codes('5-1')),
    detail('ingredient', 'Ingredient', 'product.route.ingredient', CATEGORIES, codes('5-1')),
  ]),
  // A distributor's products (spec §2 /tenant productInformation), under the distributor list: their list is product.page, 5-1.
  into(
    '/tenant',
    [
      detail(
        'productInformation',
        'ProductInformation',
        'tenant.route.productInformation',
        '/tenant/people',
        codes('5-1'),
      ),
    ],
    'Distributor',
  ),
];
