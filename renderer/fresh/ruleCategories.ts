/**
 * The categories a tenant's new rule may be for — a markdown ladder, a
 * temperature rule: the one for every perishable product and each category
 * (indented under its parent) that has none yet.
 */
import { useOp } from '../bridge.js';
import { forTenant } from '../kit/index.js';

/** The general rule's value in the category choice. */
export const GENERAL = 'general';

export function useRuleCategories(
  tenantId: number | undefined,
  /** The categories (and the general rule, null) that already have one. */
  taken: readonly (number | null)[],
  general: string,
  enabled: boolean,
) {
  const categories = useOp('product.categoryOptions', { body: forTenant(tenantId) }, { enabled });
  return [
    ...(taken.includes(null) ? [] : [{ value: GENERAL, text: general }]),
    ...(categories.data ?? [])
      .filter((c) => !taken.includes(c.id))
      .map((c) => ({ value: String(c.id), text: `${'\u00a0\u00a0'.repeat(c.depth)}${c.name}` })),
  ];
}

/** A choice's value as the rule's category (null: the general rule). */
export const categoryOf = (value: string): number | null => (value === GENERAL ? null : Number(value));
