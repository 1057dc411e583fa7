/** The pick list as an Excel workbook: one sheet by point in route order, one totalled by product. */
import type { PickList } from '../../shared/device/index.js';
import { sheetsXlsx } from '../kit/xlsx.js';

export interface PickSheetTexts {
  sheetByPoint: string;
  sheetByProduct: string;
  point: string;
  address: string;
  device: string;
  channel: string;
  product: string;
  productNumber: string;
  stock: string;
  capacity: string;
  fill: string;
  noPoint: string;
}

/** The workbook's bytes, base64 (what `file.save` carries). */
export function pickListXlsx(list: PickList, texts: PickSheetTexts): Promise<string> {
  const byPoint = list.points.flatMap((p) =>
    p.devices.flatMap((d) =>
      d.channels.map((c) => [
        p.pointName ?? texts.noPoint,
        p.address ?? '',
        `${d.name} (${d.serial})`,
        c.number,
        c.productName,
        c.stock,
        c.capacity,
        c.fill,
      ]),
    ),
  );
  return sheetsXlsx([
    {
      name: texts.sheetByPoint,
      columns: [
        { header: texts.point, width: 24 },
        { header: texts.address, width: 32 },
        { header: texts.device, width: 24 },
        { header: texts.channel, width: 8 },
        { header: texts.product, width: 24 },
        { header: texts.stock, width: 10 },
        { header: texts.capacity, width: 10 },
        { header: texts.fill, width: 10 },
      ],
      rows: byPoint,
    },
    {
      name: texts.sheetByProduct,
      columns: [
        { header: texts.productNumber, width: 16 },
        { header: texts.product, width: 28 },
        { header: texts.fill, width: 10 },
      ],
      rows: list.products.map((p) => [p.number, p.name, p.fill]),
    },
  ]);
}
