/**
 * Categories (spec §3 Category, §5: name 1–10, number 1–20, description,
 * parent type and remark required). A tree of at most CATEGORY_DEPTH levels
 * per tenant; `parentId` null is a top-level category.
 */
import { z } from 'zod';
import { endpoint, empty, isoTime, page, pageQuery, ref, refParams, str, text } from '../api/define.js';

export const CATEGORY_LIMITS = { name: 10, number: 20, description: 100, remark: 100 } as const;
/** Three levels (drinks › carbonated › cola), as retail catalogues go; deeper trees are refused (1108). */
export const CATEGORY_DEPTH = 3;

export const categoryForm = z.object({
  name: text(CATEGORY_LIMITS.name),
  /** Letters, digits, '-' and '_': it is printed on labels and typed into device screens. */
  number: text(CATEGORY_LIMITS.number).regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.code' }),
  description: text(CATEGORY_LIMITS.description),
  remark: text(CATEGORY_LIMITS.remark),
  /** The parent category; null for a top-level one. */
  parentId: ref('category').nullable(),
});
export type CategoryForm = z.infer<typeof categoryForm>;

export const categoryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  description: z.string(),
  remark: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** 0 for a top-level category. */
  depth: z.number().int(),
  childCount: z.number().int(),
  productCount: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  createdAt: isoTime,
});
export type CategoryItem = z.infer<typeof categoryItem>;

/** A category as pickers offer it (the parent select, the product form). */
export const categoryOption = categoryItem.pick({
  id: true,
  name: true,
  number: true,
  parentId: true,
  depth: true,
  tenantId: true,
});
export type CategoryOption = z.infer<typeof categoryOption>;

export const categoryFilter = z.object({
  /** Name (also by pinyin: `yl` finds 饮料) or number. */
  keyword: str().trim().max(20).optional(),
  tenantId: ref('tenant').optional(),
});

/** 5-1 is the old product library with its categories (spec §2 member codes). */
const categoryAccess = { auth: 'user', roles: ['admin', 'tenant', 'member'], power: ['5-1', '5-2'] } as const;
const categoryParams = refParams('category');

export const categoryApi = {
  'product.categoryPage': endpoint({
    method: 'POST',
    path: '/category/page',
    summary:
      'Categories visible to the caller in tree order (each after its parent), filtered by name, pinyin or number, and tenant.',
    query: pageQuery,
    body: categoryFilter,
    content: page(categoryItem),
    access: categoryAccess,
  }),
  'product.categoryOptions': endpoint({
    method: 'POST',
    reads: true,
    path: '/category/list',
    summary: "Every category of one tenant (the caller's own unless named) in tree order, for pickers.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: z.array(categoryOption),
    access: categoryAccess,
  }),
  'product.categoryInfo': endpoint({
    method: 'GET',
    path: '/category/info/:id',
    summary: 'One category.',
    params: categoryParams,
    content: categoryItem,
    access: categoryAccess,
  }),
  'product.categoryCreate': endpoint({
    method: 'POST',
    path: '/category',
    summary:
      'Create a category; a system admin names the tenant (1402); the number is unique per tenant (1105); the parent is of the same tenant and leaves room for one more level (1108).',
    body: categoryForm.extend({ tenantId: ref('tenant').optional() }),
    content: categoryItem,
    access: { ...categoryAccess, power: '5-1' },
  }),
  'product.categoryUpdate': endpoint({
    method: 'PUT',
    path: '/category/:id',
    summary: 'Edit a category; it cannot move under itself or its own subcategories, nor below the depth limit (1108).',
    params: categoryParams,
    body: categoryForm,
    content: categoryItem,
    access: { ...categoryAccess, power: '5-1' },
    contended: 'the tree never gets a cycle, a level past the third, or a depth that is not its place in the tree',
  }),
  'product.categoryDelete': endpoint({
    method: 'DELETE',
    path: '/category/:id',
    summary: 'Delete a category; refused while it has subcategories (1107) or products (1106).',
    params: categoryParams,
    content: empty,
    access: { ...categoryAccess, power: '5-1' },
    contended: 'a category with subcategories is never deleted; no subcategory names a deleted category',
  }),
} as const;
