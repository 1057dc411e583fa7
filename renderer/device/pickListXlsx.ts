/**
 * The pick list as an Excel workbook (exceljs, loaded only when exporting:
 * it is large): one sheet by point in route order, one totalled by product.
 */
import type { PickList } from '../../shared/device/index.js';

export interface PickSheetTexts {
  sheetByPoint: string; sheetByProduct: string; point: string; address: string; device: string; channel: string;
  product: string; productNumber: string; stock: string; capacity: string; fill: string; noPoint: string;
}

/** The workbook's bytes, base64 (what `file.save` carries). */
export async function pickListXlsx(list: PickList, texts: PickSheetTexts): Promise<string> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const byPoint = book.addWorksheet(texts.sheetByPoint);
  byPoint.columns = [
    { header: texts.point, width: 24 }, { header: texts.address, width: 32 }, { header: texts.device, width: 24 }, { header: texts.channel, width: 8 },
    { header: texts.product, width: 24 }, { header: texts.stock, width: 10 }, { header: texts.capacity, width: 10 }, { header: texts.fill, width: 10 },
  ];
  for (const p of list.points) {
    for (const d of p.devices) {
      for (const c of d.channels) {
        byPoint.addRow([p.pointName ?? texts.noPoint, p.address ?? '', `${d.name} (${d.serial})`, c.number, c.productName, c.stock, c.capacity, c.fill]);
      }
    }
  }
  const byProduct = book.addWorksheet(texts.sheetByProduct);
  byProduct.columns = [{ header: texts.productNumber, width: 16 }, { header: texts.product, width: 28 }, { header: texts.fill, width: 10 }];
  for (const p of list.products) byProduct.addRow([p.number, p.name, p.fill]);
  for (const sheet of [byPoint, byProduct]) sheet.getRow(1).font = { bold: true };
  const buffer = await book.xlsx.writeBuffer();
  let binary = '';
  const bytes = new Uint8Array(buffer as ArrayBuffer);
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
