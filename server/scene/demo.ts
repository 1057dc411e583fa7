/** Demo scenes: a breakfast combo at Shanghai Hongqiao (drinks and snacks machines), and a disabled coffee set of tenant B. */
import { and, asc, eq, like } from 'drizzle-orm';
import type { DemoData } from '../manifest.js';
import type { MenuNode } from '../../shared/scene/index.js';
import { productCategories, productImages, products } from '../product/schema.js';
import { sceneDevices, scenes } from './schema.js';

export const sceneDemo: DemoData = {
  after: ['tenant', 'device', 'product'],
  async load({ tx, ids, now }) {
    // Menu images: the tenant's own product pictures of the kind each node offers.
    const image = async (tenant: 'A' | 'B', prefix: string) => {
      const [row] = await tx
        .select({ fileId: productImages.fileId })
        .from(productImages)
        .innerJoin(products, eq(products.id, productImages.productId))
        .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
        .where(and(eq(products.tenantId, ids.get('tenant', tenant)), like(productCategories.number, `${prefix}%`)))
        .orderBy(asc(products.id))
        .limit(1);
      return row?.fileId ?? null;
    };
    const device = (serial: string) => ids.get('device', serial);
    const node = (
      key: string,
      parentKey: string | null,
      name: string,
      img: string | null,
      deviceIds: number[],
      extra: Partial<MenuNode> = {},
    ): MenuNode => ({
      key,
      parentKey,
      name,
      image: img,
      type: 'required',
      match: 'single',
      failure: 'refundNode',
      deviceIds,
      ...extra,
    });

    const drink = await image('A', 'DRINK');
    const snack = await image('A', 'SNACK');
    const [breakfast] = await tx
      .insert(scenes)
      .values({
        tenantId: ids.get('tenant', 'A'),
        name: '虹桥站早餐组合',
        description: '饮料机与零食机联动：一次扫码，两台出货',
        notes: '早高峰主推',
        createdAt: new Date(now - 20 * 86_400_000),
        updatedAt: new Date(now - 2 * 86_400_000),
        menu: [
          node('drinks', null, '饮品', drink, [device('VM2026000101')]),
          node('coffee', 'drinks', '冷饮', drink, [device('VM2026000101')], { type: 'optional' }),
          node('snacks', null, '小食', snack, [device('VM2026000102')], { type: 'optional', failure: 'skip' }),
        ],
      })
      .returning({ id: scenes.id });
    await tx.insert(sceneDevices).values([
      { sceneId: breakfast!.id, deviceId: device('VM2026000101'), position: 0 },
      { sceneId: breakfast!.id, deviceId: device('VM2026000102'), position: 1 },
    ]);

    const coffee = await image('B', 'COFFEE');
    const [set] = await tx
      .insert(scenes)
      .values({
        tenantId: ids.get('tenant', 'B'),
        name: '广州南站咖啡套餐',
        description: '咖啡机与饮料机联动',
        notes: '客流低谷，暂停',
        status: 'disabled',
        createdAt: new Date(now - 60 * 86_400_000),
        updatedAt: new Date(now - 10 * 86_400_000),
        menu: [
          node('coffee', null, '现磨咖啡', coffee, [device('VM2026000302')], { failure: 'refundAll' }),
          node('water', null, '瓶装水', coffee, [device('VM2026000301')], { type: 'optional' }),
        ],
      })
      .returning({ id: scenes.id });
    await tx.insert(sceneDevices).values([
      { sceneId: set!.id, deviceId: device('VM2026000302'), position: 0 },
      { sceneId: set!.id, deviceId: device('VM2026000301'), position: 1 },
    ]);
  },
};
