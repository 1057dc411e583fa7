/**
 * The new library's demo products: one per product line of the old catalogue
 * (its first size), with English texts, a description, sale dates and values
 * for their category's attributes (demo.ts gives the categories those).
 */
import type { AttributeValue } from '../../shared/product/index.js';
import { BASES, modelOf, type Base } from './demo-products.js';

/** code → [English name, English brief]. */
const ENGLISH: Readonly<Record<string, readonly [string, string]>> = {
  COLA: ['Coca-Cola', 'Classic cola, best served ice-cold'],
  PEPSI: ['Pepsi', 'Refreshing cola'],
  SPRITE: ['Sprite', 'Lemon-lime soda'],
  FANTA: ['Fanta Orange', 'Orange soda full of fruit'],
  GENKI: ['Genki Forest Sparkling Water', 'Zero sugar, white peach'],
  ORANGE: ['Minute Maid Pulpy Orange', 'Real orange pulp'],
  NFC: ['Nongfu NFC Orange Juice', 'Not from concentrate'],
  COCONUT: ['Coconut Palm Coconut Juice', 'From Hainan'],
  ICETEA: ['Master Kong Iced Tea', 'Lemon black tea'],
  GREENTEA: ['Uni-President Green Tea', 'Jasmine green tea, low sugar'],
  ORIENTAL: ['Oriental Leaf Oolong Tea', 'Unsweetened tea'],
  MILKTEA: ['Strong Fragrant Milk Tea', 'Original milk tea, hot or cold'],
  NONGFU: ['Nongfu Spring Natural Water', 'Natural drinking water'],
  CBABY: ["C'estbon Purified Water", 'Purified drinking water'],
  SODA: ['Watsons Soda Water', 'Original soda'],
  AMERICANO: ['Americano', 'Arabica espresso with hot water'],
  LATTE: ['Latte', 'Espresso with fresh milk'],
  CAPPUCCINO: ['Cappuccino', 'Espresso with milk foam'],
  MOCHA: ['Mocha', 'Espresso, chocolate and milk'],
  NESCAFE: ['Nescafé Smooth Latte', 'Ready-to-drink coffee'],
  STARBUCKS: ['Starbucks Frappuccino', 'Bottled mocha coffee drink'],
  LAYS: ["Lay's Classic", 'Classic potato chips'],
  OISHI: ['Oishi Prawn Crackers', 'Crunchy prawn snack'],
  PRINGLES: ['Pringles', 'Tomato chips in a can'],
  OREO: ['Oreo', 'Twist, lick, dunk'],
  DALI: ['Daliyuan French Bread', 'Soft orange bread'],
  WANGWANG: ['Want Want Rice Crackers', 'Crispy rice crackers'],
  DAILYNUT: ['Three Squirrels Daily Nuts', 'Mixed nuts, a bag a day'],
  QIAQIA: ['ChaCheer Sunflower Seeds', 'Spiced seeds'],
  DOVE: ['Dove Milk Chocolate', 'Silky smooth'],
  EXTRA: ['Extra Sugar-free Gum', 'Mint, kind to teeth'],
  CHICKEN: ['Teriyaki Chicken Rice', 'Made today; microwave 1 minute'],
  ONIGIRI: ['Tuna Onigiri', 'Japanese rice ball'],
  CLUB: ['Club Sandwich', 'Ham, egg, lettuce and cheese'],
  BRIGHT: ['Bright Fresh Milk', 'Pasteurised'],
  YAKULT: ['Yakult', 'Live lactic acid bacteria'],
};

const PACKS = { can: '罐装', bottle: '瓶装', cup: '盒装', box: '盒装', bag: '袋装' } as const;

/** `330ml` → 330, `1.25L` → 1250; a cup size holds 350 or 500 ml. */
const millilitres = (size: string): number =>
  size.endsWith('L') && !size.endsWith('ml')
    ? Math.round(Number(size.slice(0, -1)) * 1000)
    : size === '大杯'
      ? 500
      : Number.parseInt(size, 10) || 350;

/** The values a product line's first size gives its category's attributes, by attribute number. */
function valuesOf(b: Base, size: string): Record<string, AttributeValue> {
  const top = b.category.split('-')[0];
  if (top === 'DRINK')
    return { VOLUME: millilitres(size), PACK: PACKS[b.shape], TEMP: b.tags.includes('冰镇') ? '冰镇' : '常温' };
  if (b.category === 'COFFEE-FRESH') {
    const extra =
      b.code === 'LATTE' || b.code === 'CAPPUCCINO' ? ['加奶'] : b.code === 'MOCHA' ? ['加奶', '加浓缩'] : [];
    return { CUP: size, SWEET: '标准糖', EXTRA: extra };
  }
  if (top === 'SNACK') return { NET: 60, ORIGIN: '中国' };
  if (top === 'FRESH')
    return {
      SHELF: b.category === 'FRESH-DAIRY' ? 72 : 24,
      ...(b.category === 'FRESH-DAIRY' ? { LOWFAT: false } : {}),
    };
  return {};
}

export interface DemoNewProduct {
  base: Base;
  number: string;
  name: string;
  englishName: string;
  englishBrief: string;
  description: string;
  model: string;
  price: number;
  /** By attribute number; demo.ts turns them into attribute ids. */
  values: Record<string, AttributeValue>;
}

export function demoNewProducts(categories: ReadonlySet<string>): DemoNewProduct[] {
  return BASES.filter((b) => categories.has(b.category)).map((b) => {
    const [size, price] = b.sizes[0]!;
    const [englishName, englishBrief] = ENGLISH[b.code] ?? [b.code, ''];
    return {
      base: b,
      number: `N-${b.code}`,
      name: `${b.name} ${size}`,
      englishName,
      englishBrief,
      description: `${b.brief}。规格：${size}。`,
      model: modelOf(b.category),
      price,
      values: valuesOf(b, size),
    };
  });
}
