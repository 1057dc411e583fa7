/**
 * Markdowns near expiry (docs/domains/fresh.md): a tenant's ladder of steps,
 * for every perishable product or one category's — "30 % off in the last
 * 24 hours, 60 % in the last 6" — priced by the one pricing engine as a
 * price of lane `price` (shared/activity/engine.ts: the best of the
 * channel's price, the markdown, the staff price and the product activities).
 */
import { z } from 'zod';
import { addDays, businessInstant } from '../business-time.js';
import { endpoint, ref, refParams } from '../api/define.js';

export const MARKDOWN_LIMITS = { steps: 5, hoursMax: 168, percentMin: 5, percentMax: 90 } as const;

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ message }).min(min, { message }).max(max, { message });

export const markdownStep = z.object({
  /** The step holds from this many hours before the end of the expiry day. */
  hoursLeft: whole(1, MARKDOWN_LIMITS.hoursMax, 'fresh.validation.markdownHours'),
  percentOff: whole(MARKDOWN_LIMITS.percentMin, MARKDOWN_LIMITS.percentMax, 'fresh.validation.markdownPercent'),
});
export type MarkdownStep = z.infer<typeof markdownStep>;

/** Steps, each nearer the expiry taking more off (the ladder only goes down). */
export const markdownSteps = z
  .array(markdownStep)
  .min(1, { message: 'validation.required' })
  .max(MARKDOWN_LIMITS.steps, { message: 'validation.max' })
  .refine((steps) => new Set(steps.map((s) => s.hoursLeft)).size === steps.length, {
    message: 'fresh.validation.markdownSameHours',
  })
  .refine(
    (steps) => {
      const sorted = [...steps].sort((a, b) => b.hoursLeft - a.hoursLeft);
      return sorted.every((s, i) => i === 0 || s.percentOff > sorted[i - 1]!.percentOff);
    },
    { message: 'fresh.validation.markdownOrder' },
  );

export const markdownInput = z.object({
  tenantId: ref('tenant').optional(),
  /** A category's ladder (its products and its subcategories'), or null: every perishable product without one. */
  categoryId: ref('category').nullable(),
  steps: markdownSteps,
});
export type MarkdownInput = z.infer<typeof markdownInput>;

export const markdownItem = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  steps: z.array(markdownStep),
  updatedAt: z.string(),
});
export type MarkdownItem = z.infer<typeof markdownItem>;

/** The end of a batch's expiry day on the business clock: when it may no longer be sold. */
export const expiryEnd = (expiresOn: string): Date => businessInstant(`${addDays(expiresOn, 1)} 00:00`)!;

/**
 * The percent a ladder takes off goods expiring on `expiresOn`, at `at`: the
 * largest step whose hours reach the time left; 0 before the first step and
 * once expired (an expired batch is not sold at a markdown but removed).
 */
export function markdownPercent(steps: readonly MarkdownStep[], expiresOn: string | null, at: Date): number {
  if (expiresOn === null) return 0;
  const hours = (expiryEnd(expiresOn).getTime() - at.getTime()) / 3_600_000;
  if (hours <= 0) return 0;
  return steps.reduce((best, s) => (hours <= s.hoursLeft && s.percentOff > best ? s.percentOff : best), 0);
}

const access = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const freshMarkdownApi = {
  'fresh.markdowns': endpoint({
    method: 'POST',
    reads: true,
    path: '/fresh/markdowns',
    summary:
      "A tenant's markdown ladders (the caller's own tenant, or the one named): the one for every perishable product and each category's.",
    body: z.object({ tenantId: ref('tenant').optional() }),
    content: z.array(markdownItem),
    access,
  }),
  'fresh.saveMarkdown': endpoint({
    method: 'PUT',
    path: '/fresh/markdowns',
    summary:
      "Sets a tenant's markdown ladder for every perishable product (categoryId null) or for one of its categories: up to five steps, hours before the end of the expiry day (1–168) and percent off (5–90), each nearer step taking more off.",
    body: markdownInput,
    content: markdownItem,
    access,
  }),
  'fresh.deleteMarkdown': endpoint({
    method: 'DELETE',
    path: '/fresh/markdowns/:id',
    summary: 'Removes a markdown ladder: its goods go back to the ladder for every product, or to none.',
    params: refParams('markdown'),
    content: z.null(),
    access,
  }),
} as const;
