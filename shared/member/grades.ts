/**
 * Member grades (tiers): a tenant's ladder of grades by what a member spent
 * over a rolling window (paid less refunded, `windowDays` back), regraded
 * every night and whenever the ladder changes. A grade multiplies the points
 * a sale earns, and an activity may be for members of a grade and above
 * (the pricing engine's audience rule, shared/activity/engine.ts).
 */
import { z } from 'zod';
import { endpoint, isoTime, ref, refParams, text } from '../api/define.js';

export const GRADE_LIMITS = {
  name: 20,
  /** Grades a tenant may hold. */
  grades: 10,
  /** The most a grade may ask, in fen (¥1 000 000). */
  minSpend: 100_000_000,
  percentMin: 100,
  percentMax: 1000,
  windowMin: 30,
  windowMax: 730,
} as const;

export const DEFAULT_GRADE_WINDOW_DAYS = 365;

export const gradeInput = z
  .object({
    name: text(GRADE_LIMITS.name),
    /** Fen spent over the window that reaches the grade (0: every member). */
    minSpend: z
      .number()
      .int()
      .min(0, { message: 'validation.min' })
      .max(GRADE_LIMITS.minSpend, { message: 'validation.max' }),
    /** Points a sale earns in percent of the usual: 150 earns half again. */
    pointsPercent: z
      .number()
      .int()
      .min(GRADE_LIMITS.percentMin, { message: 'validation.min' })
      .max(GRADE_LIMITS.percentMax, { message: 'validation.max' }),
  })
  .meta({ examples: [{ name: '金卡会员', minSpend: 50_000, pointsPercent: 150 }] });
export type GradeInput = z.infer<typeof gradeInput>;

export const memberGrade = z.object({
  id: z.number().int(),
  name: z.string(),
  minSpend: z.number().int(),
  pointsPercent: z.number().int(),
  /** Members holding it as the last regrade found. */
  members: z.number().int(),
});
export type MemberGrade = z.infer<typeof memberGrade>;

export const gradeLadder = z.object({
  tenantId: z.number().int(),
  windowDays: z.number().int(),
  /** Lowest first. */
  grades: z.array(memberGrade),
  /** When the tenant's members were last regraded; null: never. */
  gradedAt: isoTime.nullable(),
});
export type GradeLadder = z.infer<typeof gradeLadder>;

const tenantBody = z.object({ tenantId: ref('tenant').optional() });
const consoleAccess = { auth: 'user', roles: ['admin', 'tenant'] } as const;

export const gradeApi = {
  'member.grades': endpoint({
    method: 'POST',
    path: '/member/grades',
    summary:
      "A tenant's member grades, lowest first, with how many members hold each, and the window of spend they count.",
    body: tenantBody,
    content: gradeLadder,
    access: consoleAccess,
  }),
  'member.saveGrade': endpoint({
    method: 'POST',
    path: '/member/grades/save',
    summary:
      'Adds a grade, or changes the one `id` names; a name or a spend another grade of the tenant has, or an eleventh grade, is a field error. The members are regraded.',
    body: tenantBody.extend({ id: ref('grade').optional(), ...gradeInput.shape }),
    content: gradeLadder,
    access: consoleAccess,
  }),
  'member.deleteGrade': endpoint({
    method: 'POST',
    path: '/member/grades/delete/:id',
    summary: 'Removes a grade (its members are regraded); 2406 while an activity is for it.',
    params: refParams('grade'),
    content: gradeLadder,
    access: consoleAccess,
  }),
  'member.saveGradeWindow': endpoint({
    method: 'POST',
    path: '/member/grades/window',
    summary: 'Sets the days of spend a grade counts (30–730); the members are regraded.',
    body: tenantBody.extend({
      windowDays: z
        .number()
        .int()
        .min(GRADE_LIMITS.windowMin, { message: 'validation.min' })
        .max(GRADE_LIMITS.windowMax, { message: 'validation.max' }),
    }),
    content: gradeLadder,
    access: consoleAccess,
  }),
  'member.regrade': endpoint({
    method: 'POST',
    path: '/member/grades/regrade',
    summary: "Regrades the tenant's members now, as the nightly run does.",
    body: tenantBody,
    content: gradeLadder,
    access: consoleAccess,
  }),
} as const;
