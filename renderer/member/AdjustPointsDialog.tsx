/**
 * Credit or debit a member's points with a reason (every change says why:
 * the member's history shows it). A credit is a new lot under the tenant's
 * expiry rule; a debit past the balance is refused (950) and keeps what was
 * typed. Points are typed as a whole number, negative to debit.
 */
import { z } from 'zod';
import { MEMBER_LIMITS, pointsAdjustment, type MemberDetail } from '../../shared/member/index.js';
import { CODE } from '../../shared/domains.js';
import { text } from '../../shared/api/define.js';
import { useOpMutation } from '../bridge.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { FormInput } from '../app/FormInput.js';
import { FormDialog, useDialogSave, useScreen } from '../kit/index.js';

/** What the dialog holds: the points as typed, checked to be the whole number the upstream takes. */
const typed = z.object({
  points: z
    .string()
    .trim()
    .regex(/^[+-]?\d{1,7}$/, { message: 'member.validation.points' })
    .refine((v) => pointsAdjustment.shape.points.safeParse(Number(v)).success, {
      message: 'member.validation.points',
    }),
  reason: text(MEMBER_LIMITS.reason),
});
type Values = z.input<typeof typed>;

export function AdjustPointsDialog({ member, onClose }: { member: MemberDetail; onClose: () => void }) {
  const { t } = useScreen();
  const adjust = useOpMutation('member.adjustPoints', {
    invalidates: ['member.ledger', 'member.info', 'member.page'],
  });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: { points: '', reason: '' },
  });
  const submit = useDialogSave(form, {
    save: (v) =>
      adjust.mutateAsync({ params: { id: member.id }, body: { points: Number(v.points), reason: v.reason } }),
    saved: t('member.adjust.done'),
    failed: t('member.adjust.failed'),
    goneCode: CODE.programmeMemberNotFound,
    limits: { reason: MEMBER_LIMITS.reason },
    onClose,
    fieldCodes: { [CODE.pointsShort]: 'points' },
  });
  return (
    <FormDialog title={t('member.adjust.title', { name: member.nickname })} {...submit.dialog} testId="member-adjust">
      <FormInput
        control={form.control}
        name="points"
        label={t('member.adjust.points')}
        hint={t('member.adjust.available', { points: member.points })}
        input={{ inputMode: 'numeric', maxLength: 8, 'data-testid': 'member-adjust-points' }}
      />
      <FormInput
        control={form.control}
        name="reason"
        label={t('member.adjust.reason')}
        input={{ maxLength: MEMBER_LIMITS.reason, 'data-testid': 'member-adjust-reason' }}
      />
    </FormDialog>
  );
}
