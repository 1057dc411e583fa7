/**
 * A member grade's dialog (its name, the spend that reaches it, the points it multiplies) and the window's
 * (the days of spend grades count). Checked here for comfort; the upstream refuses a name or a spend another
 * grade holds, and an eleventh grade, at their fields.
 */
import { z } from 'zod';
import { parseYuan, yuanInput } from '../../shared/format.js';
import { gradeInput, GRADE_LIMITS, type GradeLadder, type MemberGrade } from '../../shared/member/index.js';
import { wholeText, zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { forTenant, FormDialog, useDialogSave, useScreen } from '../kit/index.js';

const typed = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'validation.required' })
    .max(GRADE_LIMITS.name, { message: 'validation.maxLength' }),
  minSpend: z
    .string()
    .trim()
    .refine((v) => gradeInput.shape.minSpend.safeParse(parseYuan(v)).success, {
      message: 'member.validation.gradeSpend',
    }),
  pointsPercent: wholeText(gradeInput.shape.pointsPercent, 'member.validation.gradePercent'),
});
type Values = z.input<typeof typed>;

const INVALIDATES = ['member.grades', 'member.page', 'member.info', 'activity.choices'] as const;

export function GradeDialog({
  grade,
  tenantId,
  onClose,
}: {
  grade: MemberGrade | undefined;
  tenantId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useScreen();
  const save = useOpMutation('member.saveGrade', { invalidates: INVALIDATES });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: {
      name: grade?.name ?? '',
      minSpend: grade ? yuanInput(grade.minSpend) : '',
      pointsPercent: String(grade?.pointsPercent ?? 100),
    },
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({
        body: {
          ...forTenant(tenantId),
          ...(grade ? { id: grade.id } : {}),
          name: v.name.trim(),
          minSpend: parseYuan(v.minSpend)!,
          pointsPercent: Number(v.pointsPercent),
        },
      }),
    saved: t('member.grades.saved'),
    failed: t('member.grades.failed'),
    onClose,
  });
  return (
    <FormDialog
      title={t(grade ? 'member.grades.editTitle' : 'member.grades.addTitle')}
      {...submit.dialog}
      testId="member-grade"
    >
      <FormInput
        control={form.control}
        name="name"
        label={t('member.grades.name')}
        input={{ maxLength: GRADE_LIMITS.name, 'data-testid': 'member-grade-name' }}
      />
      <FormInput
        control={form.control}
        name="minSpend"
        label={t('member.grades.minSpendInput')}
        hint={t('member.grades.minSpendHint')}
        input={{ inputMode: 'decimal', maxLength: 10, 'data-testid': 'member-grade-spend' }}
      />
      <FormInput
        control={form.control}
        name="pointsPercent"
        label={t('member.grades.pointsPercentInput')}
        hint={t('member.grades.pointsPercentHint')}
        input={{ inputMode: 'numeric', maxLength: 4, 'data-testid': 'member-grade-percent' }}
      />
    </FormDialog>
  );
}

const windowTyped = z.object({
  windowDays: wholeText(
    z.number().int().min(GRADE_LIMITS.windowMin).max(GRADE_LIMITS.windowMax),
    'member.validation.gradeWindow',
  ),
});
type WindowValues = z.input<typeof windowTyped>;

export function GradeWindowDialog({
  ladder,
  tenantId,
  onClose,
}: {
  ladder: GradeLadder;
  tenantId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useScreen();
  const save = useOpMutation('member.saveGradeWindow', { invalidates: INVALIDATES });
  const form = useConsoleForm<WindowValues>({
    resolver: zodI18nResolver(windowTyped, t),
    defaultValues: { windowDays: String(ladder.windowDays) },
  });
  const submit = useDialogSave(form, {
    save: (v) => save.mutateAsync({ body: { ...forTenant(tenantId), windowDays: Number(v.windowDays) } }),
    saved: t('member.grades.windowSaved'),
    failed: t('member.grades.failed'),
    onClose,
  });
  return (
    <FormDialog title={t('member.grades.window')} {...submit.dialog} testId="member-grade-window">
      <FormInput
        control={form.control}
        name="windowDays"
        label={t('member.grades.windowDays')}
        hint={t('member.grades.windowHint')}
        input={{ inputMode: 'numeric', maxLength: 3, 'data-testid': 'member-grade-window-days' }}
      />
    </FormDialog>
  );
}
