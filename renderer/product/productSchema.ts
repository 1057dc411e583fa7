/**
 * The product dialog's form: the shared `productForm`, with the price typed
 * as yuan (turned into fen on submit) and the tenant where the user chooses it.
 */
import { z } from 'zod';
import { parseYuan } from '../../shared/format.js';
import { PRICE_MAX_FEN, productForm } from '../../shared/product/index.js';
import type { TenantChoice } from '../kit/index.js';

export interface ProductDialogValues {
  images: string[];
  number: string;
  name: string;
  brief: string;
  /** undefined until a category is chosen. */
  categoryId: number | undefined;
  model: string;
  /** As typed, in yuan. */
  price: string;
  tags: string[];
  tenantId?: number | undefined;
}

const price = z.string().refine(
  (v) => {
    const fen = parseYuan(v);
    return fen !== null && fen >= 1 && fen <= PRICE_MAX_FEN;
  },
  { message: 'product.validation.price' },
);
const categoryId = z.number({ error: 'validation.required' }).int().positive();
const tenantId = z.number({ error: 'validation.required' }).int().positive();
const dialogForm = productForm.extend({ price, categoryId });

export function productDialogSchema(choice: TenantChoice): z.ZodType<ProductDialogValues, ProductDialogValues> {
  if (choice === 'required') return dialogForm.extend({ tenantId }) as never;
  if (choice === 'optional') return dialogForm.extend({ tenantId: tenantId.optional() }) as never;
  return dialogForm as never;
}

/** Fen as the price field shows it: `3.50`. */
export const yuanText = (fen: number): string => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
