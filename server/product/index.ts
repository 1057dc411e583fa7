/** The product domain on the upstream (spec §5 product rules): categories and product libraries. */
import { defineServerDomain } from '../manifest.js';
import { categoryHandlers } from './category-handlers.js';
import { productHandlers } from './product-handlers.js';
import { ingredientHandlers } from './ingredient-handlers.js';
import { attributeHandlers } from './attribute-handlers.js';
import { newProductHandlers } from './new-product-handlers.js';
import { imageFormatHandlers } from './image-format-handlers.js';
import { customModelHandlers } from './custom-model-handlers.js';
import { productDemo } from './demo.js';
import { ingredients, productAttributes, productCategories, productImageFormats, products } from './schema.js';

export {
  ingredients,
  productAttributes,
  productCategories,
  productImageFormats,
  productImages,
  products,
} from './schema.js';

export const productServer = defineServerDomain({
  name: 'product',
  handlers: {
    ...categoryHandlers,
    ...productHandlers,
    ...ingredientHandlers,
    ...attributeHandlers,
    ...newProductHandlers,
    ...imageFormatHandlers,
    ...customModelHandlers,
  },
  demo: productDemo,
  owns: {
    category: {
      id: productCategories.id,
      tenantId: productCategories.tenantId,
      labels: [productCategories.name, productCategories.number],
    },
    product: { id: products.id, tenantId: products.tenantId, labels: [products.name, products.number] },
    attribute: {
      id: productAttributes.id,
      tenantId: productAttributes.tenantId,
      labels: [productAttributes.name, productAttributes.number],
    },
    imageFormat: {
      id: productImageFormats.id,
      tenantId: productImageFormats.tenantId,
      labels: [productImageFormats.name, productImageFormats.number],
    },
    ingredient: { id: ingredients.id, tenantId: ingredients.tenantId, labels: [ingredients.name, ingredients.number] },
  },
});
