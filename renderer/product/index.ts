/** The product domain's screens (spec §2 /productManagement). */
import { lazy } from 'react';
import { provide } from '../../shared/ports.js';
import { defineScreens, preloadable } from '../manifest.js';
import { tenantProducts } from '../tenant/index.js';

/** A distributor's products, read only: the distributor page's tab (loaded with it, not with this manifest). */
export const TenantProducts = lazy(() =>
  import('./ProductInformationPage.js').then((m) => ({ default: m.TenantProducts })),
);

export const productScreens = defineScreens({
  name: 'product',
  // A distributor's page shows its products (the tenant domain, below products, declares the port).
  provides: [provide(tenantProducts, TenantProducts)],
  screens: {
    ProductList: preloadable(() => import('./ProductListPage.js')),
    Classification: preloadable(() => import('./CategoryListPage.js')),
    Ingredient: preloadable(() => import('./IngredientListPage.js')),
    SetProperty: preloadable(() => import('./AttributeListPage.js')),
    ImageFormat: preloadable(() => import('./ImageFormatListPage.js')),
    Merchandise: preloadable(() => import('./MerchandisePage.js')),
    NewGoods: preloadable(() => import('./NewGoodsPage.js')),
    CustomInfo: preloadable(() => import('./CustomModelListPage.js')),
    AttributeDetails: preloadable(() => import('./ModelAttributesPage.js')),
    ImageDetails: preloadable(() => import('./ModelImagesPage.js')),
    EditNewGoods: preloadable(() => import('./EditCustomInfoPage.js')),
    // The tenant domain's route (a distributor's products); the screen is the product list's, read only.
    ProductInformation: preloadable(() => import('./ProductInformationPage.js')),
  },
});
