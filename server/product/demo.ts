/**
 * Demo catalogue: each tenant's category tree (drinks, coffee, snacks, fresh
 * food), as a station and mall vending business files its goods, and its
 * products with drawn pictures (demo-products.ts, demo-images.ts).
 */
import type { DemoData } from '../manifest.js';
import type { TenantKey } from '../demo-keys.js';
import { searchKey } from '../db/pinyin.js';
import { grantFiles, storeFile } from '../file/index.js';
import { drawProduct } from './demo-images.js';
import { demoProducts, type DemoProduct } from './demo-products.js';
import { demoNewProducts } from './demo-new-products.js';
import { loadCustomModels } from './demo-custom.js';
import type { AttributeKind } from '../../shared/product/index.js';
import {
  ingredients,
  productAttributes,
  productCategories,
  productImageFormats,
  productImages,
  productRecipeItems,
  productRecipes,
  products,
} from './schema.js';

const HOUR_MS = 60 * 60 * 1000;

/** [group, name, number, kind, required, rule, unit]: what a product of the category fills in (setProperty). */
type DemoAttribute = readonly [string, string, string, AttributeKind, boolean, string, string];
/** Every top-level category asks for these pictures beside the main image (imgFormat): [name, number, description, required, format]. */
const IMAGE_FORMATS = [
  ['详情图', 'DETAIL', '商品详情页展示，白底', true, '800×800 JPG/PNG'],
  ['屏幕广告图', 'SCREEN', '设备大屏轮播广告', false, '1080×1920 竖屏 JPG'],
] as const;
interface DemoCategory {
  number: string;
  name: string;
  description: string;
  attributes?: readonly DemoAttribute[];
  children?: readonly DemoCategory[];
}

const DRINKS: DemoCategory = {
  number: 'DRINK',
  name: '饮料',
  description: '瓶装、罐装饮品',
  attributes: [
    ['规格', '容量', 'VOLUME', 'range', true, '100~2000', '毫升'],
    ['规格', '包装', 'PACK', 'single', true, '瓶装,罐装,盒装,袋装', ''],
    ['储存', '饮用温度', 'TEMP', 'single', false, '冰镇,常温,加热', ''],
  ],
  children: [
    { number: 'DRINK-SODA', name: '碳酸饮料', description: '可乐、汽水等含气饮品' },
    { number: 'DRINK-JUICE', name: '果汁', description: '果汁及果味饮料' },
    { number: 'DRINK-TEA', name: '茶饮料', description: '瓶装茶、奶茶' },
    { number: 'DRINK-WATER', name: '饮用水', description: '矿泉水、纯净水、苏打水' },
  ],
};
const COFFEE: DemoCategory = {
  number: 'COFFEE',
  name: '咖啡',
  description: '现磨与即饮咖啡',
  children: [
    {
      number: 'COFFEE-FRESH',
      name: '现磨咖啡',
      description: '咖啡机现磨出杯',
      attributes: [
        ['口味', '杯型', 'CUP', 'single', true, '中杯,大杯,超大杯', ''],
        ['口味', '甜度', 'SWEET', 'single', true, '无糖,少糖,标准糖', ''],
        ['口味', '加料', 'EXTRA', 'multiple', false, '加奶,加糖,加奶泡,加浓缩', ''],
      ],
    },
    { number: 'COFFEE-RTD', name: '即饮咖啡', description: '瓶装、罐装咖啡' },
  ],
};
const SNACKS: DemoCategory = {
  number: 'SNACK',
  name: '零食',
  description: '休闲食品',
  attributes: [
    ['规格', '净含量', 'NET', 'range', true, '1~2000', '克'],
    ['产地', '产地', 'ORIGIN', 'string', false, '20', ''],
  ],
  children: [
    { number: 'SNACK-PUFF', name: '膨化食品', description: '薯片、虾条' },
    { number: 'SNACK-BISCUIT', name: '饼干糕点', description: '饼干、蛋糕、面包' },
    { number: 'SNACK-NUT', name: '坚果', description: '每日坚果、瓜子' },
    { number: 'SNACK-CANDY', name: '糖果巧克力', description: '口香糖、巧克力' },
  ],
};
const FRESH: DemoCategory = {
  number: 'FRESH',
  name: '鲜食',
  description: '冷藏柜鲜食，当日配送',
  attributes: [
    ['储存', '保质期', 'SHELF', 'range', true, '1~72', '小时'],
    ['储存', '上架日期', 'SHELVED', 'date', false, '2026-01-01~2027-12-31', ''],
  ],
  children: [
    { number: 'FRESH-BENTO', name: '便当', description: '盒饭、饭团' },
    { number: 'FRESH-SANDWICH', name: '三明治', description: '三明治、汉堡' },
    {
      number: 'FRESH-DAIRY',
      name: '乳制品',
      description: '鲜奶、酸奶',
      attributes: [['营养', '低脂', 'LOWFAT', 'boolean', false, '', '']],
    },
  ],
};

/** The shelf life in days of the perishable categories' products. */
const SHELF_LIFE: Readonly<Record<string, number>> = { 'FRESH-BENTO': 1, 'FRESH-SANDWICH': 2, 'FRESH-DAIRY': 7 };

/** What the coffee machines make their cups from. */
const INGREDIENTS = [
  ['BEAN-ARABICA', '阿拉比卡咖啡豆', 'solid', 'g'],
  ['MILK-WHOLE', '全脂牛奶', 'liquid', 'ml'],
  ['MILK-POWDER', '奶粉', 'solid', 'g'],
  ['COCOA', '可可粉', 'solid', 'g'],
  ['SUGAR', '白砂糖', 'solid', 'g'],
  ['WATER', '纯净水', 'liquid', 'l'],
  ['CUP-12OZ', '12 盎司纸杯', 'solid', 'piece'],
  ['LID-12OZ', '12 盎司杯盖', 'solid', 'piece'],
] as const;

/** One cup of each fresh coffee: [ingredient number, quantity in its unit]. */
const CUP = [
  ['CUP-12OZ', 1],
  ['LID-12OZ', 1],
] as const;
const RECIPES: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  AMERICANO: [['BEAN-ARABICA', 18], ['WATER', 0.25], ...CUP],
  LATTE: [['BEAN-ARABICA', 18], ['MILK-WHOLE', 200], ...CUP],
  CAPPUCCINO: [['BEAN-ARABICA', 18], ['MILK-WHOLE', 150], ...CUP],
  MOCHA: [['BEAN-ARABICA', 18], ['MILK-WHOLE', 150], ['COCOA', 10], ['SUGAR', 5], ...CUP],
};

const TREES: Readonly<Record<TenantKey, readonly DemoCategory[]>> = {
  A: [DRINKS, COFFEE, SNACKS, FRESH],
  A1: [DRINKS, SNACKS],
  B: [DRINKS, COFFEE, SNACKS],
};

export const productDemo: DemoData = {
  after: ['tenant'],
  async load({ tx, ids, now, storage }) {
    // The sizes of a product share its picture, and so do the tenants selling it: each is drawn and stored once.
    const pictures = new Map<string, Promise<string>>();
    const picture = (p: Pick<DemoProduct, 'shape' | 'colours'>) => {
      const key = `${p.shape}:${p.colours.join(':')}`;
      let id = pictures.get(key);
      if (!id) pictures.set(key, (id = storeFile(tx, storage, drawProduct(p.shape, ...p.colours), 'image/png')));
      return id;
    };
    const fillCoffeeMachine = await loadCustomModels(tx);
    for (const [tenant, roots] of Object.entries(TREES) as [TenantKey, readonly DemoCategory[]][]) {
      let button = 0;
      const tenantId = ids.get('tenant', tenant);
      const insert = async (cat: DemoCategory, parentId: number | null, depth: number) => {
        const [row] = await tx
          .insert(productCategories)
          .values({
            tenantId,
            parentId,
            depth,
            name: cat.name,
            number: cat.number,
            description: cat.description,
            remark: depth === 0 ? '一级分类' : '二级分类',
            search: searchKey(cat.name, cat.number),
          })
          .returning({ id: productCategories.id });
        ids.set('category', `${tenant}:${cat.number}`, row!.id);
        if (cat.attributes?.length) {
          const made = await tx
            .insert(productAttributes)
            .values(
              cat.attributes.map(([groupName, name, number, kind, required, rule, unit]) => ({
                tenantId,
                categoryId: row!.id,
                groupName,
                name,
                number,
                kind,
                required,
                rule,
                unit,
              })),
            )
            .returning({ id: productAttributes.id, number: productAttributes.number });
          for (const a of made) ids.set('attribute', `${tenant}:${a.number}`, a.id);
        }
        if (depth === 0) {
          await tx.insert(productImageFormats).values(
            IMAGE_FORMATS.map(([name, number, description, required, formatName]) => ({
              tenantId,
              categoryId: row!.id,
              name,
              number,
              description,
              required,
              formatName,
            })),
          );
        }
        for (const child of cat.children ?? []) await insert(child, row!.id, depth + 1);
      };
      for (const root of roots) await insert(root, null, 0);

      if (roots.some((r) => r.number === 'COFFEE')) {
        const made = await tx
          .insert(ingredients)
          .values(
            INGREDIENTS.map(([number, name, type, unit]) => ({
              tenantId,
              number,
              name,
              type,
              unit,
              search: searchKey(name, number),
            })),
          )
          .returning({ id: ingredients.id, number: ingredients.number });
        for (const i of made) ids.set('ingredient', `${tenant}:${i.number}`, i.id);
      }

      const numbers = new Set(roots.flatMap((r) => [r.number, ...(r.children ?? []).map((c) => c.number)]));
      const list = demoProducts(numbers);
      const granted = new Set<string>();
      for (const [i, p] of list.entries()) {
        const fileId = await picture(p);
        if (!granted.has(fileId)) await grantFiles(tx, [fileId], tenantId);
        granted.add(fileId);
        // Spread over the last half year, the newest first in the list; most on sale, a few disabled.
        const at = new Date(now - (list.length - i) * 4 * HOUR_MS);
        const [row] = await tx
          .insert(products)
          .values({
            tenantId,
            library: 'old',
            categoryId: ids.get('category', `${tenant}:${p.category}`),
            number: p.number,
            name: p.name,
            brief: p.brief,
            model: p.model,
            price: p.price,
            // What the goods cost a distributor: a little over half the shelf price, to the jiao.
            cost: Math.round((p.price * 0.55) / 10) * 10,
            tags: [...p.tags],
            onSale: i % 7 !== 3 && i % 11 !== 5,
            enabled: i % 11 !== 5,
            search: searchKey(p.name, p.number),
            // Fresh food keeps a day or two (milk a week): its refills record each batch's expiry.
            ...(SHELF_LIFE[p.category] ? { perishable: true, shelfLifeDays: SHELF_LIFE[p.category] } : {}),
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: products.id });
        await tx.insert(productImages).values({ productId: row!.id, position: 0, fileId });
      }

      // The new library: one product per line, a day apart, all on sale.
      const lines = demoNewProducts(numbers);
      for (const [i, p] of lines.entries()) {
        const fileId = await picture(p.base);
        if (!granted.has(fileId)) await grantFiles(tx, [fileId], tenantId);
        granted.add(fileId);
        const at = new Date(now - (lines.length - i) * 24 * HOUR_MS);
        const attributes = Object.fromEntries(
          Object.entries(p.values).map(([number, value]) => [ids.get('attribute', `${tenant}:${number}`), value]),
        );
        const [row] = await tx
          .insert(products)
          .values({
            tenantId,
            library: 'new',
            categoryId: ids.get('category', `${tenant}:${p.base.category}`),
            number: p.number,
            name: p.name,
            englishName: p.englishName,
            brief: p.base.brief,
            englishBrief: p.englishBrief,
            description: p.description,
            model: p.model,
            price: p.price,
            tags: [...p.base.tags],
            onSale: true,
            startDate: '2026-01-01',
            attributes,
            search: searchKey(p.name, p.number, p.englishName),
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: products.id });
        await tx.insert(productImages).values({ productId: row!.id, position: 0, fileId });
        const recipe = RECIPES[p.base.code];
        if (recipe) {
          await tx
            .insert(productRecipes)
            .values({ productId: row!.id, number: `R-${p.base.code}`, name: `${p.base.name}标准配方` });
          await tx.insert(productRecipeItems).values(
            recipe.map(([ingredient, quantity], position) => ({
              productId: row!.id,
              position,
              ingredientId: ids.get('ingredient', `${tenant}:${ingredient}`),
              quantity,
            })),
          );
          await fillCoffeeMachine(row!.id, ++button);
        }
      }
    }
  },
};
