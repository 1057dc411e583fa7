/**
 * Demo custom models (commodityInfor): the coffee machine and the smart
 * fridge show products their own way. The fresh coffees carry the coffee
 * machine's information (their button and brew time). The models are every
 * tenant's to read, so their words stay clear of any tenant's own names
 * (the isolation suite looks for those in answers).
 */
import type { Queryable } from '../db/index.js';
import { customModelAttributes, customModelImages, customModels, productCustomInfo } from './schema.js';

const MODELS = [
  {
    name: 'CM-200 现调饮品机',
    number: 'CM200',
    description: '触屏出杯，12 个饮品按钮',
    attributes: [
      ['出杯', '按钮位置', 'BUTTON', 'range', true, '1~12', '号'],
      ['出杯', '制作时长', 'BREW', 'range', true, '10~180', '秒'],
      ['出杯', '支持冰饮', 'ICED', 'boolean', false, '', ''],
    ],
    images: [['屏幕展示图', 'SCREEN', '触屏饮品卡片', false, '480×800 PNG']],
  },
  {
    name: 'FR-80 智能冰柜',
    number: 'FR80',
    description: '重力感应开门柜，门体广告屏',
    attributes: [
      ['陈列', '层位', 'LAYER', 'range', true, '1~6', '层'],
      ['陈列', '陈列面', 'FACE', 'single', false, '正面,侧面', ''],
    ],
    images: [['门屏广告图', 'DOOR', '柜门屏轮播', true, '1080×1920 JPG']],
  },
] as const;

/** Creates the models; answers how to fill in the coffee machine's information for a coffee. */
export async function loadCustomModels(tx: Queryable) {
  const attributeIds = new Map<string, number>();
  let coffeeMachine = 0;
  for (const model of MODELS) {
    const [row] = await tx
      .insert(customModels)
      .values({ name: model.name, number: model.number, description: model.description })
      .returning({ id: customModels.id });
    const modelId = row!.id;
    if (model.number === 'CM200') coffeeMachine = modelId;
    const attributes = await tx
      .insert(customModelAttributes)
      .values(
        model.attributes.map(([groupName, name, number, kind, required, rule, unit]) => ({
          modelId,
          groupName,
          name,
          number,
          kind,
          required,
          rule,
          unit,
        })),
      )
      .returning({ id: customModelAttributes.id, number: customModelAttributes.number });
    for (const a of attributes) attributeIds.set(`${model.number}:${a.number}`, a.id);
    await tx.insert(customModelImages).values(
      model.images.map(([name, number, description, required, formatName]) => ({
        modelId,
        name,
        number,
        description,
        required,
        formatName,
      })),
    );
  }
  /** The coffee machine's information for the `button`th fresh coffee. */
  return async (productId: number, button: number) => {
    await tx.insert(productCustomInfo).values({
      productId,
      modelId: coffeeMachine,
      attributes: {
        [attributeIds.get('CM200:BUTTON')!]: button,
        [attributeIds.get('CM200:BREW')!]: 40 + button * 5,
        [attributeIds.get('CM200:ICED')!]: button % 2 === 0,
      },
    });
  };
}
