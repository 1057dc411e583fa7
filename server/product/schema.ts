/** Categories and products (spec §3 Category, Product). */
import {
  pgTable,
  pgEnum,
  integer,
  text,
  boolean,
  timestamp,
  index,
  unique,
  foreignKey,
  check,
  primaryKey,
  date,
  jsonb,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from '../db/columns.js';
import { files } from '../file/schema.js';
import { ALL_UNITS, ATTRIBUTE_KINDS, INGREDIENT_TYPES, type AttributeValue } from '../../shared/product/index.js';
import { tenants } from '../identity/schema.js';

export const productCategories = pgTable(
  'product_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    parentId: integer('parent_id'),
    /** 0 for a top-level category; kept with the row so depth checks and tree order need no recursion. */
    depth: integer('depth').notNull().default(0),
    name: text('name').notNull(),
    number: text('number').notNull(),
    description: text('description').notNull(),
    remark: text('remark').notNull(),
    /** Name and number with their pinyin (server/db/pinyin.ts), for the keyword filter. */
    search: text('search').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_categories_tenant_idx').on(t.tenantId),
    unique('product_categories_tenant_number_unique').on(t.tenantId, t.number),
    unique('product_categories_id_tenant_unique').on(t.id, t.tenantId),
    // A parent of the same tenant, and never deleted while it has children: the database guards both against races.
    foreignKey({
      name: 'product_categories_parent_fk',
      columns: [t.parentId, t.tenantId],
      foreignColumns: [t.id, t.tenantId],
    }),
  ],
);

export const productLibrary = pgEnum('product_library', ['old', 'new']);

/**
 * Products of both libraries (spec §2 productList and merchandise). The new
 * library's own fields (English texts, description, dates, attribute values)
 * stay empty in the old one.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    library: productLibrary('library').notNull().default('old'),
    categoryId: integer('category_id').notNull(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    brief: text('brief').notNull(),
    /** The device model type the product is made for (spec §3 "model type"). */
    model: text('model').notNull(),
    /** Suggested retail price in fen, > 0. */
    price: integer('price').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    onSale: boolean('on_sale').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    search: text('search').notNull().default(''),
    englishName: text('english_name').notNull().default(''),
    englishBrief: text('english_brief').notNull().default(''),
    description: text('description').notNull().default(''),
    englishDescription: text('english_description').notNull().default(''),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** Attribute id → value, checked against the attributes' rules when saved (shared/product/attribute.ts). */
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull().default({}),
    /** Fresh food: a refill records each batch's expiry, so what is sold or thrown away is known by batch; its shelf life from refill, in days. */
    perishable: boolean('perishable').notNull().default(false),
    shelfLifeDays: integer('shelf_life_days'),
    /** Fen a unit costs the tenant; the shrink report values missing goods at it (null: not given). */
    cost: integer('cost'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_tenant_library_created_idx').on(t.tenantId, t.library, t.createdAt),
    index('products_category_idx').on(t.categoryId),
    unique('products_tenant_number_unique').on(t.tenantId, t.number),
    // Of its own tenant's category, which cannot be deleted under it.
    foreignKey({
      name: 'products_category_fk',
      columns: [t.categoryId, t.tenantId],
      foreignColumns: [productCategories.id, productCategories.tenantId],
    }),
    check('products_price_positive', sql`${t.price} > 0`),
    check('products_cost', sql`${t.cost} >= 0`),
    check('products_perishable_shelf_life', sql`not ${t.perishable} or ${t.shelfLifeDays} is not null`),
  ],
);

/** A product's images in order (the first is the main one); the files are the file domain's. */
export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

export const ingredientType = pgEnum('ingredient_type', INGREDIENT_TYPES);

/** Ingredients of recipes (spec §3 Ingredient): number unique per tenant, a unit of its type. */
export const ingredients = pgTable(
  'ingredients',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    number: text('number').notNull(),
    name: text('name').notNull(),
    type: ingredientType('type').notNull(),
    unit: text('unit', { enum: ALL_UNITS }).notNull(),
    search: text('search').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ingredients_tenant_number_unique').on(t.tenantId, t.number)],
);

/** An attribute's columns wherever one is defined: a category's or a custom model's (shared/product/attribute.ts reads the rule). */
const attributeColumns = () => ({
  groupName: text('group_name').notNull(),
  name: text('name').notNull(),
  number: text('number').notNull(),
  kind: text('kind', { enum: ATTRIBUTE_KINDS }).notNull(),
  required: boolean('required').notNull().default(false),
  rule: text('rule').notNull(),
  unit: text('unit').notNull().default(''),
});

/** An image format's columns: a category's, or a custom model's image. */
const imageFormatColumns = () => ({
  name: text('name').notNull(),
  number: text('number').notNull(),
  description: text('description').notNull(),
  required: boolean('required').notNull().default(false),
  formatName: text('format_name').notNull(),
});

/**
 * Attributes of a category (spec §3 Attribute, setProperty). The rule is kept
 * as typed (shared/product/attribute.ts reads it); the tenant is the
 * category's, for the scope helper, and the key to it makes sure of that.
 */
export const productAttributes = pgTable(
  'product_attributes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    categoryId: integer('category_id').notNull(),
    ...attributeColumns(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_attributes_category_number_unique').on(t.categoryId, t.number),
    index('product_attributes_tenant_idx').on(t.tenantId),
    foreignKey({
      name: 'product_attributes_category_fk',
      columns: [t.categoryId, t.tenantId],
      foreignColumns: [productCategories.id, productCategories.tenantId],
    }).onDelete('cascade'),
  ],
);

/** Image formats of a category (spec §3 Image format, imgFormat); the tenant is the category's, as with attributes. */
export const productImageFormats = pgTable(
  'product_image_formats',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    categoryId: integer('category_id').notNull(),
    ...imageFormatColumns(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('product_image_formats_category_number_unique').on(t.categoryId, t.number),
    index('product_image_formats_tenant_idx').on(t.tenantId),
    foreignKey({
      name: 'product_image_formats_category_fk',
      columns: [t.categoryId, t.tenantId],
      foreignColumns: [productCategories.id, productCategories.tenantId],
    }).onDelete('cascade'),
  ],
);

/** A product's recipe (spec §3): its number and name; the ingredients in `productRecipeItems`. */
export const productRecipes = pgTable('product_recipes', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  number: text('number').notNull(),
  name: text('name').notNull(),
});

/** One ingredient of a recipe with its quantity in the ingredient's unit; an ingredient in a recipe is not deleted (2808). */
export const productRecipeItems = pgTable(
  'product_recipe_items',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => productRecipes.productId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ingredientId: integer('ingredient_id')
      .notNull()
      .references(() => ingredients.id),
    quantity: doublePrecision('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    unique('product_recipe_items_ingredient_unique').on(t.productId, t.ingredientId),
    index('product_recipe_items_ingredient_idx').on(t.ingredientId),
    check('product_recipe_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Custom models (spec §3 Custom model, commodityInfor): the platform's, owned by no tenant. */
export const customModels = pgTable('custom_models', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  number: text('number').notNull().unique('custom_models_number_unique'),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A model's attributes (infoDetails), typed and ruled as a category's. */
export const customModelAttributes = pgTable(
  'custom_model_attributes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => customModels.id, { onDelete: 'cascade' }),
    ...attributeColumns(),
    createdAt: createdAt(),
  },
  (t) => [unique('custom_model_attributes_model_number_unique').on(t.modelId, t.number)],
);

/** A model's images (imgDetails), formatted as a category's. */
export const customModelImages = pgTable(
  'custom_model_images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    modelId: integer('model_id')
      .notNull()
      .references(() => customModels.id, { onDelete: 'cascade' }),
    ...imageFormatColumns(),
    createdAt: createdAt(),
  },
  (t) => [unique('custom_model_images_model_number_unique').on(t.modelId, t.number)],
);

/** A product's information for one model (editNweGoods): values and pictures by the model's attribute and image ids. */
export const productCustomInfo = pgTable(
  'product_custom_info',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // A model is not deleted while products carry information for it (2811).
    modelId: integer('model_id')
      .notNull()
      .references(() => customModels.id),
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull().default({}),
    images: jsonb('images').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.modelId] }), index('product_custom_info_model_idx').on(t.modelId)],
);
