/** The product domain's screens (spec §2 /productManagement). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

/** A distributor's products, read only: the distributor page's tab (loaded with it, not with this manifest). */
export const TenantProducts = lazy(() =>
  import('./ProductInformationPage.js').then((m) => ({ default: m.TenantProducts })),
);

export const productScreens = defineScreens({
  name: 'product',
  screens: {
    ProductList: lazy(() => import('./ProductListPage.js')),
    Classification: lazy(() => import('./CategoryListPage.js')),
    Ingredient: lazy(() => import('./IngredientListPage.js')),
    SetProperty: lazy(() => import('./AttributeListPage.js')),
    ImageFormat: lazy(() => import('./ImageFormatListPage.js')),
    Merchandise: lazy(() => import('./MerchandisePage.js')),
    NewGoods: lazy(() => import('./NewGoodsPage.js')),
    CustomInfo: lazy(() => import('./CustomModelListPage.js')),
    AttributeDetails: lazy(() => import('./ModelAttributesPage.js')),
    ImageDetails: lazy(() => import('./ModelImagesPage.js')),
    EditNewGoods: lazy(() => import('./EditCustomInfoPage.js')),
    // The tenant domain's route (a distributor's products); the screen is the product list's, read only.
    ProductInformation: lazy(() => import('./ProductInformationPage.js')),
  },
});
