/**
 * Category and product codes (spec §8 family 1101–1111; 1102 is the common
 * "nothing changed"). Rules of §5: a category's number is unique within its
 * tenant; a category with products or subcategories cannot be deleted.
 */
import { defineErrors, err } from '../errors/define.js';

export const productErrors = defineErrors({
  categoryNotFound: err(1104, 404, '分类不存在', '分類不存在', 'Category not found'),
  categoryNumberTaken: err(1105, 409, '分类编号已存在', '分類編號已存在', 'The category number is already in use'),
  categoryHasProducts: err(1106, 409, '分类下有商品，不能删除', '分類下有商品，不能刪除', 'A category with products cannot be deleted'),
  categoryHasChildren: err(1107, 409, '分类下有子分类，不能删除', '分類下有子分類，不能刪除', 'A category with subcategories cannot be deleted'),
  categoryParentInvalid: err(1108, 409, '上级分类无效', '上級分類無效', 'The parent category is not valid here'),
});
