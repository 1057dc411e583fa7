/** The product domain (spec §3 Product, Category…, §5 product rules, §2 /productManagement): categories and product libraries. */
import { joinApis } from '../api/define.js';
import { defineDomain } from '../manifest.js';
import { categoryApi } from './category.js';
import { productApi } from './product.js';
import { ingredientApi } from './ingredient.js';
import { attributeApi } from './attribute.js';
import { newProductApi } from './new-product.js';
import { imageFormatApi } from './image-format.js';
import { customModelApi } from './custom-model.js';
import { productErrors } from './errors.js';
import { productRoutes } from './routes.js';
import { productTexts } from './texts.js';

export * from './category.js';
export * from './product.js';
export * from './ingredient.js';
export * from './attribute.js';
export * from './new-product.js';
export * from './image-format.js';
export * from './recipe.js';
export * from './custom-model.js';
export { productErrors } from './errors.js';

export const product = defineDomain({
  name: 'product',
  api: joinApis(categoryApi, productApi, ingredientApi, attributeApi, newProductApi, imageFormatApi, customModelApi),
  errors: productErrors,
  texts: productTexts,
  powers: ['5-1', '5-2'],
  routes: productRoutes,
});
