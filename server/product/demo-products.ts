/**
 * The demo catalogue's products: what station and mall machines sell, with
 * their sizes as variants (a few hundred products over the three tenants),
 * each with a drawn picture (demo-images.ts). Prices in fen.
 */
import type { Shape } from './demo-images.js';

type Rgb = readonly [number, number, number];
export interface DemoProduct {
  category: string;
  number: string;
  name: string;
  brief: string;
  model: string;
  price: number;
  tags: readonly string[];
  shape: Shape;
  colours: readonly [Rgb, Rgb, Rgb];
}

export interface Base {
  category: string;
  code: string;
  name: string;
  brief: string;
  shape: Shape;
  colours: readonly [Rgb, Rgb, Rgb];
  tags: readonly string[];
  sizes: readonly (readonly [string, number])[];
}

const SNOW: Rgb = [246, 247, 249];
const DRINK_SIZES = [
  ['330ml', 350],
  ['500ml', 400],
  ['1.25L', 650],
] as const;
const WATER_SIZES = [
  ['380ml', 200],
  ['550ml', 250],
  ['1.5L', 450],
] as const;
const SNACK_SIZES = [
  ['小包', 450],
  ['中包', 750],
  ['家庭装', 1290],
] as const;
const CUP_SIZES = [
  ['中杯', 1200],
  ['大杯', 1500],
] as const;

export const BASES: readonly Base[] = [
  {
    category: 'DRINK-SODA',
    code: 'COLA',
    name: '可口可乐',
    brief: '经典碳酸饮料，冰镇口感更佳',
    shape: 'can',
    colours: [SNOW, [200, 16, 46], [250, 250, 250]],
    tags: ['热销', '冰镇'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-SODA',
    code: 'PEPSI',
    name: '百事可乐',
    brief: '清爽可乐，畅爽每一刻',
    shape: 'can',
    colours: [SNOW, [0, 80, 160], [220, 30, 50]],
    tags: ['冰镇'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-SODA',
    code: 'SPRITE',
    name: '雪碧',
    brief: '柠檬味汽水，透心凉',
    shape: 'bottle',
    colours: [SNOW, [0, 150, 80], [240, 220, 40]],
    tags: ['冰镇'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-SODA',
    code: 'FANTA',
    name: '芬达橙味汽水',
    brief: '橙味汽水，果味十足',
    shape: 'can',
    colours: [SNOW, [255, 130, 0], [0, 90, 170]],
    tags: [],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-SODA',
    code: 'GENKI',
    name: '元气森林苏打气泡水',
    brief: '0 糖 0 脂 0 卡，白桃味',
    shape: 'bottle',
    colours: [SNOW, [240, 160, 170], [255, 255, 255]],
    tags: ['无糖', '新品'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-JUICE',
    code: 'ORANGE',
    name: '美汁源果粒橙',
    brief: '真实果粒，阳光橙味',
    shape: 'bottle',
    colours: [SNOW, [255, 150, 20], [255, 220, 120]],
    tags: [],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-JUICE',
    code: 'NFC',
    name: '农夫山泉 NFC 橙汁',
    brief: '非浓缩还原，鲜榨风味',
    shape: 'bottle',
    colours: [SNOW, [255, 170, 40], [30, 120, 60]],
    tags: ['冷藏'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-JUICE',
    code: 'COCONUT',
    name: '椰树椰汁',
    brief: '海南特产，鲜榨椰子汁',
    shape: 'can',
    colours: [SNOW, [30, 30, 30], [240, 200, 40]],
    tags: [],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-TEA',
    code: 'ICETEA',
    name: '康师傅冰红茶',
    brief: '柠檬红茶，冰爽一夏',
    shape: 'bottle',
    colours: [SNOW, [170, 40, 20], [250, 210, 60]],
    tags: ['热销'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-TEA',
    code: 'GREENTEA',
    name: '统一绿茶',
    brief: '茉莉清香，低糖绿茶',
    shape: 'bottle',
    colours: [SNOW, [60, 160, 70], [240, 250, 240]],
    tags: ['低糖'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-TEA',
    code: 'ORIENTAL',
    name: '东方树叶乌龙茶',
    brief: '无糖茶饮，原叶萃取',
    shape: 'bottle',
    colours: [SNOW, [180, 140, 60], [250, 240, 210]],
    tags: ['无糖'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'DRINK-TEA',
    code: 'MILKTEA',
    name: '香飘飘奶茶',
    brief: '经典原味，热饮冷饮皆宜',
    shape: 'cup',
    colours: [SNOW, [220, 190, 150], [120, 70, 40]],
    tags: [],
    sizes: CUP_SIZES,
  },
  {
    category: 'DRINK-WATER',
    code: 'NONGFU',
    name: '农夫山泉天然水',
    brief: '我们不生产水，我们只是大自然的搬运工',
    shape: 'bottle',
    colours: [SNOW, [200, 30, 40], [230, 240, 250]],
    tags: ['热销'],
    sizes: WATER_SIZES,
  },
  {
    category: 'DRINK-WATER',
    code: 'CBABY',
    name: '怡宝纯净水',
    brief: '纯净水，心纯净行至美',
    shape: 'bottle',
    colours: [SNOW, [0, 140, 90], [230, 245, 240]],
    tags: [],
    sizes: WATER_SIZES,
  },
  {
    category: 'DRINK-WATER',
    code: 'SODA',
    name: '屈臣氏苏打汽水',
    brief: '原味苏打，清爽解腻',
    shape: 'can',
    colours: [SNOW, [0, 120, 200], [240, 240, 240]],
    tags: ['无糖'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'COFFEE-FRESH',
    code: 'AMERICANO',
    name: '美式咖啡',
    brief: '现磨阿拉比卡豆，浓缩加水',
    shape: 'cup',
    colours: [SNOW, [90, 60, 40], [240, 230, 220]],
    tags: ['现磨', '热饮'],
    sizes: CUP_SIZES,
  },
  {
    category: 'COFFEE-FRESH',
    code: 'LATTE',
    name: '拿铁',
    brief: '浓缩咖啡与鲜牛奶',
    shape: 'cup',
    colours: [SNOW, [190, 150, 110], [90, 60, 40]],
    tags: ['现磨', '热饮'],
    sizes: CUP_SIZES,
  },
  {
    category: 'COFFEE-FRESH',
    code: 'CAPPUCCINO',
    name: '卡布奇诺',
    brief: '浓缩咖啡与绵密奶泡',
    shape: 'cup',
    colours: [SNOW, [200, 170, 130], [250, 245, 235]],
    tags: ['现磨'],
    sizes: CUP_SIZES,
  },
  {
    category: 'COFFEE-FRESH',
    code: 'MOCHA',
    name: '摩卡',
    brief: '浓缩咖啡、巧克力与牛奶',
    shape: 'cup',
    colours: [SNOW, [110, 70, 50], [200, 160, 120]],
    tags: ['现磨'],
    sizes: CUP_SIZES,
  },
  {
    category: 'COFFEE-RTD',
    code: 'NESCAFE',
    name: '雀巢丝滑拿铁',
    brief: '即饮咖啡，丝滑顺口',
    shape: 'bottle',
    colours: [SNOW, [150, 100, 60], [240, 230, 210]],
    tags: [],
    sizes: DRINK_SIZES,
  },
  {
    category: 'COFFEE-RTD',
    code: 'STARBUCKS',
    name: '星巴克星冰乐',
    brief: '瓶装咖啡饮料，摩卡口味',
    shape: 'bottle',
    colours: [SNOW, [0, 100, 60], [200, 170, 130]],
    tags: ['冷藏'],
    sizes: DRINK_SIZES,
  },
  {
    category: 'SNACK-PUFF',
    code: 'LAYS',
    name: '乐事薯片原味',
    brief: '美国经典原味薯片',
    shape: 'bag',
    colours: [SNOW, [250, 200, 20], [220, 30, 40]],
    tags: ['热销'],
    sizes: SNACK_SIZES,
  },
  {
    category: 'SNACK-PUFF',
    code: 'OISHI',
    name: '上好佳鲜虾条',
    brief: '鲜虾风味，香脆可口',
    shape: 'bag',
    colours: [SNOW, [240, 90, 40], [250, 230, 120]],
    tags: [],
    sizes: SNACK_SIZES,
  },
  {
    category: 'SNACK-PUFF',
    code: 'PRINGLES',
    name: '品客薯片',
    brief: '罐装薯片，番茄味',
    shape: 'can',
    colours: [SNOW, [200, 30, 40], [250, 220, 60]],
    tags: [],
    sizes: SNACK_SIZES,
  },
  {
    category: 'SNACK-BISCUIT',
    code: 'OREO',
    name: '奥利奥夹心饼干',
    brief: '扭一扭，舔一舔，泡一泡',
    shape: 'box',
    colours: [SNOW, [0, 70, 160], [250, 250, 250]],
    tags: ['热销'],
    sizes: SNACK_SIZES,
  },
  {
    category: 'SNACK-BISCUIT',
    code: 'DALI',
    name: '达利园法式软面包',
    brief: '香橙味软面包，早餐好搭档',
    shape: 'bag',
    colours: [SNOW, [250, 180, 60], [200, 40, 40]],
    tags: ['早餐'],
    sizes: SNACK_SIZES,
  },
  {
    category: 'SNACK-BISCUIT',
    code: 'WANGWANG',
    name: '旺旺仙贝',
    brief: '香脆米饼，旺旺旺',
    shape: 'bag',
    colours: [SNOW, [220, 30, 40], [250, 220, 60]],
    tags: [],
    sizes: SNACK_SIZES,
  },
  {
    category: 'SNACK-NUT',
    code: 'DAILYNUT',
    name: '三只松鼠每日坚果',
    brief: '混合坚果，一日一袋',
    shape: 'bag',
    colours: [SNOW, [180, 120, 60], [250, 240, 220]],
    tags: ['健康'],
    sizes: SNACK_SIZES,
  },
  {
    category: 'SNACK-NUT',
    code: 'QIAQIA',
    name: '洽洽香瓜子',
    brief: '五香味，颗颗饱满',
    shape: 'bag',
    colours: [SNOW, [200, 40, 40], [250, 210, 80]],
    tags: [],
    sizes: SNACK_SIZES,
  },
  {
    category: 'SNACK-CANDY',
    code: 'DOVE',
    name: '德芙丝滑牛奶巧克力',
    brief: '纵享丝滑',
    shape: 'box',
    colours: [SNOW, [100, 50, 30], [200, 160, 100]],
    tags: [],
    sizes: SNACK_SIZES,
  },
  {
    category: 'SNACK-CANDY',
    code: 'EXTRA',
    name: '益达无糖口香糖',
    brief: '薄荷味，关爱牙齿',
    shape: 'box',
    colours: [SNOW, [0, 150, 120], [250, 250, 250]],
    tags: ['无糖'],
    sizes: SNACK_SIZES,
  },
  {
    category: 'FRESH-BENTO',
    code: 'CHICKEN',
    name: '照烧鸡腿饭',
    brief: '当日现做，微波加热 1 分钟',
    shape: 'box',
    colours: [SNOW, [230, 120, 40], [250, 240, 200]],
    tags: ['冷藏', '当日'],
    sizes: [
      ['标准份', 1800],
      ['加量份', 2200],
    ],
  },
  {
    category: 'FRESH-BENTO',
    code: 'ONIGIRI',
    name: '金枪鱼饭团',
    brief: '日式饭团，海苔现包',
    shape: 'box',
    colours: [SNOW, [30, 60, 40], [250, 250, 250]],
    tags: ['冷藏', '当日'],
    sizes: [
      ['单个', 650],
      ['两个装', 1200],
    ],
  },
  {
    category: 'FRESH-SANDWICH',
    code: 'CLUB',
    name: '总汇三明治',
    brief: '火腿、鸡蛋、生菜与芝士',
    shape: 'box',
    colours: [SNOW, [240, 200, 120], [120, 180, 80]],
    tags: ['冷藏', '早餐'],
    sizes: [['单份', 1200]],
  },
  {
    category: 'FRESH-DAIRY',
    code: 'BRIGHT',
    name: '光明优倍鲜牛奶',
    brief: '巴氏杀菌，保留营养',
    shape: 'bottle',
    colours: [SNOW, [30, 90, 180], [250, 250, 250]],
    tags: ['冷藏'],
    sizes: [
      ['200ml', 600],
      ['950ml', 1690],
    ],
  },
  {
    category: 'FRESH-DAIRY',
    code: 'YAKULT',
    name: '养乐多活菌型乳酸菌饮品',
    brief: '每瓶含 100 亿活性乳酸菌',
    shape: 'bottle',
    colours: [SNOW, [220, 40, 40], [250, 250, 250]],
    tags: ['冷藏', '热销'],
    sizes: [['5 瓶装', 1150]],
  },
];

export const MODELS: Readonly<Record<string, string>> = {
  DRINK: 'VM-S600 饮料机',
  COFFEE: 'CM-200 咖啡机',
  SNACK: 'VM-S600 饮料机',
  FRESH: 'FR-80 智能冰柜',
};

/** The machine a category's products are made for: fresh coffee needs the coffee machine. */
export const modelOf = (category: string): string =>
  category.startsWith('COFFEE-FRESH') ? MODELS.COFFEE! : MODELS[category.split('-')[0]!]!;

/** Every product of a tenant whose category tree has `categories`: the bases in them, one product per size. */
export function demoProducts(categories: ReadonlySet<string>): DemoProduct[] {
  return BASES.filter((b) => categories.has(b.category)).flatMap((b) =>
    b.sizes.map(([size, price], i) => ({
      category: b.category,
      number: `${b.code}-${String(i + 1).padStart(2, '0')}`,
      name: `${b.name} ${size}`,
      brief: b.brief,
      model: modelOf(b.category),
      price,
      tags: b.tags,
      shape: b.shape,
      colours: b.colours,
    })),
  );
}
