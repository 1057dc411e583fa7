/** The category dialog's form: the shared `categoryForm`, plus the tenant where the user chooses it. */
import { z } from 'zod';
import { CATEGORY_DEPTH, categoryForm, type CategoryOption } from '../../shared/product/index.js';
import type { TenantChoice } from '../kit/index.js';

export interface CategoryDialogValues {
  name: string;
  number: string;
  description: string;
  remark: string;
  parentId: number | null;
  tenantId?: number | undefined;
}

const tenantId = z.number({ error: 'validation.required' }).int().positive();

export function categoryDialogSchema(choice: TenantChoice): z.ZodType<CategoryDialogValues, CategoryDialogValues> {
  if (choice === 'required') return categoryForm.extend({ tenantId });
  if (choice === 'optional') return categoryForm.extend({ tenantId: tenantId.optional() });
  return categoryForm;
}

/**
 * The categories that may be a parent: above the last level, and — when
 * editing — neither the category itself nor one of its own subcategories,
 * nor one under which its subtree would pass the last level (the server
 * refuses those with 1108; the picker does not offer them).
 */
export function parentChoices(
  options: readonly CategoryOption[],
  editing?: { id: number; depth: number },
): CategoryOption[] {
  if (!editing) return options.filter((o) => o.depth < CATEGORY_DEPTH - 1);
  const below = new Set<number>([editing.id]);
  let height = 0;
  for (let grew = true; grew;) {
    grew = false;
    for (const o of options) {
      if (o.parentId !== null && below.has(o.parentId) && !below.has(o.id)) {
        below.add(o.id);
        height = Math.max(height, o.depth - editing.depth);
        grew = true;
      }
    }
  }
  return options.filter((o) => !below.has(o.id) && o.depth + 1 + height < CATEGORY_DEPTH);
}
