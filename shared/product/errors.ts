/**
 * Category and product codes (spec §8 family 1101–1111; 1102 is the common
 * "nothing changed"), and the ingredient codes of 2800–2837. Rules of §5: a category's number is unique within its
 * tenant; a category with products or subcategories cannot be deleted.
 */
import { defineErrors, err } from '../errors/define.js';

export const productErrors = defineErrors({
  productNotFound: err(1101, 404, '商品不存在', '商品不存在', 'Product not found'),
  productNumberTaken: err(1103, 409, '商品编号已存在', '商品編號已存在', 'The product number is already in use'),
  productDisabled: err(
    1109,
    409,
    '商品已停用，不能上架',
    '商品已停用，不能上架',
    'A disabled product cannot be put on sale',
  ),
  productCategoryInvalid: err(
    1111,
    409,
    '商品分类不属于该商品的租户',
    '商品分類不屬於該商品的租戶',
    'The category belongs to another tenant',
  ),
  categoryNotFound: err(1104, 404, '分类不存在', '分類不存在', 'Category not found'),
  categoryNumberTaken: err(1105, 409, '分类编号已存在', '分類編號已存在', 'The category number is already in use'),
  categoryHasProducts: err(
    1106,
    409,
    '分类下有商品，不能删除',
    '分類下有商品，不能刪除',
    'A category with products cannot be deleted',
  ),
  categoryHasChildren: err(
    1107,
    409,
    '分类下有子分类，不能删除',
    '分類下有子分類，不能刪除',
    'A category with subcategories cannot be deleted',
  ),
  categoryParentInvalid: err(1108, 409, '上级分类无效', '上級分類無效', 'The parent category is not valid here'),
  ingredientNotFound: err(2801, 404, '原料不存在', '原料不存在', 'Ingredient not found'),
  ingredientNumberTaken: err(2802, 409, '原料编号已存在', '原料編號已存在', 'The ingredient number is already in use'),
  attributeNotFound: err(2803, 404, '属性不存在', '屬性不存在', 'Attribute not found'),
  attributeNumberTaken: err(
    2804,
    409,
    '该分类下属性编号已存在',
    '該分類下屬性編號已存在',
    'The attribute number is already in use in this category',
  ),
  categoryChangeNeedsNewImage: err(
    2805,
    409,
    '更换分类前请先删除商品图片，并重新填写属性',
    '更換分類前請先刪除商品圖片，並重新填寫屬性',
    'Remove the image before changing the category, and fill in the attributes again',
  ),
  imageFormatNotFound: err(2806, 404, '图片格式不存在', '圖片格式不存在', 'Image format not found'),
  imageFormatNumberTaken: err(
    2807,
    409,
    '该分类下图片格式编号已存在',
    '該分類下圖片格式編號已存在',
    'The image format number is already in use in this category',
  ),
  ingredientInUse: err(
    2808,
    409,
    '原料已用于商品配方，不能删除',
    '原料已用於商品配方，不能刪除',
    'The ingredient is used in a recipe and cannot be deleted',
  ),
  customModelNotFound: err(2809, 404, '定制机型不存在', '定制機型不存在', 'Custom model not found'),
  customModelNumberTaken: err(
    2810,
    409,
    '定制机型编号已存在',
    '定制機型編號已存在',
    'The custom model number is already in use',
  ),
  customModelInUse: err(
    2811,
    409,
    '已有商品填写了该机型的定制信息，不能删除',
    '已有商品填寫了該機型的定制資訊，不能刪除',
    'Products carry information for this model: it cannot be deleted',
  ),
  customDetailNumberTaken: err(
    2812,
    409,
    '该机型下编号已存在',
    '該機型下編號已存在',
    'The number is already in use in this model',
  ),
  customDetailNotFound: err(
    2813,
    404,
    '定制属性或图片不存在',
    '定制屬性或圖片不存在',
    'The model attribute or image was not found',
  ),
});
