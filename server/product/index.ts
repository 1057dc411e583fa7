/** The product domain on the upstream (spec §5 product rules): categories and product libraries. */
import { defineServerDomain } from '../manifest.js';
import { categoryHandlers } from './category-handlers.js';
import { productDemo } from './demo.js';
import { productCategories } from './schema.js';

export { productCategories, products } from './schema.js';

export const productServer = defineServerDomain({
  name: 'product',
  handlers: { ...categoryHandlers },
  demo: productDemo,
  owns: {
    category: { id: productCategories.id, tenantId: productCategories.tenantId, labels: [productCategories.name, productCategories.number] },
  },
});
