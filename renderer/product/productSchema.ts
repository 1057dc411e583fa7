/**
 * The product dialog's form: the shared `productForm`, with the price typed
 * as yuan (turned into fen on submit) and the tenant where the user chooses it.
 */
import { z } from 'zod';
import { parseYuan } from '../../shared/format.js';
import { PRICE_MAX_FEN, productForm, shelfLifeProblem } from '../../shared/product/index.js';
import { wholeText } from '../app/form.js';
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
  perishable: boolean;
  /** As typed, in days ('' : none). */
  shelfLifeDays: string;
  /** As typed, in yuan ('' : not given). */
  cost: string;
  tenantId?: number | undefined;
}

const price = z.string().refine(
  (v) => {
    const fen = parseYuan(v);
    return fen !== null && fen >= 1 && fen <= PRICE_MAX_FEN;
  },
  { message: 'product.validation.price' },
);
const cost = z.string().refine(
  (v) => {
    if (v.trim() === '') return true;
    const fen = parseYuan(v);
    return fen !== null && fen >= 0 && fen <= PRICE_MAX_FEN;
  },
  { message: 'product.validation.cost' },
);
const categoryId = z.number({ error: 'validation.required' }).int().positive();
const tenantId = z.number({ error: 'validation.required' }).int().positive();
const shelfLifeDays = wholeText(productForm.shape.shelfLifeDays, 'product.validation.shelfLife', { blank: true });
const dialogForm = productForm.extend({ price, categoryId, perishable: z.boolean(), shelfLifeDays, cost });

/** Shelf life in days as the upstream takes it: null when left blank. */
export const shelfLifeOf = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed));

/** The cost in fen as the upstream takes it: null when left blank. */
export const costOf = (typed: string): number | null => (typed.trim() === '' ? null : parseYuan(typed));

export function productDialogSchema(choice: TenantChoice): z.ZodType<ProductDialogValues, ProductDialogValues> {
  const shape =
    choice === 'required'
      ? dialogForm.extend({ tenantId })
      : choice === 'optional'
        ? dialogForm.extend({ tenantId: tenantId.optional() })
        : dialogForm;
  // A perishable product states its shelf life (the upstream's rule, shelfLifeProblem).
  return shape.superRefine((v, ctx) => {
    const problem = shelfLifeProblem({ perishable: v.perishable, shelfLifeDays: shelfLifeOf(v.shelfLifeDays) });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['shelfLifeDays'] });
  }) as never;
}

/** Fen as the price field shows it: `3.50`. */
export const yuanText = (fen: number): string => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
