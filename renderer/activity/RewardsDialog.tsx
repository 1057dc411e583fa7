/**
 * A tenant's sign-up and birthday rewards: for each, the points given (0: none) and a coupon activity of its
 * own whose coupon is given (none: no coupon), with how many were given so far. The upstream's job gives them
 * (server/activity/rewards.ts); the form sets them.
 */
import { Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { z } from 'zod';
import { REWARD_KINDS, REWARD_LIMITS, type MemberReward } from '../../shared/activity/index.js';
import { wholeText, zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import { FormChoice, FormDialog, useDialogSave, useScreen } from '../kit/index.js';

const NONE = 'none';
const points = wholeText(z.number().max(REWARD_LIMITS.points), 'activity.validation.rewardPoints');
const typed = z.object({
  signUpPoints: points,
  signUpCoupon: z.string(),
  birthdayPoints: points,
  birthdayCoupon: z.string(),
});
type Values = z.input<typeof typed>;

const valuesOf = (rewards: readonly MemberReward[] | undefined): Values => {
  const of = (kind: MemberReward['kind']) => rewards?.find((r) => r.kind === kind);
  return {
    signUpPoints: String(of('signUp')?.points ?? 0),
    signUpCoupon: String(of('signUp')?.activityId ?? NONE),
    birthdayPoints: String(of('birthday')?.points ?? 0),
    birthdayCoupon: String(of('birthday')?.activityId ?? NONE),
  };
};

export function RewardsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useScreen();
  const rewards = useOp('activity.rewards', { body: {} });
  const couponActivities = useOp('activity.page', { query: { pageNum: 1, pageSize: 100 }, body: { type: 'coupon' } });
  const save = useOpMutation('activity.saveRewards', { invalidates: ['activity.rewards'] });
  const form = useConsoleForm<Values>({ resolver: zodI18nResolver(typed, t), defaultValues: valuesOf(undefined) });
  useEffect(() => {
    if (rewards.data) form.reset(valuesOf(rewards.data));
    // Once the saved rewards arrive.
  }, [rewards.data]);
  const submit = useDialogSave(form, {
    save: (v) =>
      save.mutateAsync({
        body: {
          rewards: REWARD_KINDS.map((kind) => ({
            kind,
            points: Number(v[`${kind}Points`]),
            activityId: v[`${kind}Coupon`] === NONE ? null : Number(v[`${kind}Coupon`]),
          })),
        },
      }),
    saved: t('activity.rewards.saved'),
    failed: t('activity.rewards.failed'),
    onClose,
    fieldCodes: {},
  });
  const options = [
    { value: NONE, text: t('activity.rewards.noCoupon') },
    ...(couponActivities.data?.list ?? []).map((a) => ({ value: String(a.id), text: a.name })),
  ];
  return (
    <FormDialog title={t('activity.rewards.title')} {...submit.dialog} testId="activity-rewards">
      <Text>{t('activity.rewards.hint')}</Text>
      {REWARD_KINDS.map((kind) => (
        <div key={kind}>
          <Text weight="semibold">
            {t(`activity.rewards.${kind}`)}
            {rewards.data &&
              ` · ${t('activity.rewards.given', { count: rewards.data.find((r) => r.kind === kind)?.given ?? 0 })}`}
          </Text>
          <FormInput
            control={form.control}
            name={`${kind}Points`}
            label={t('activity.rewards.points')}
            input={{ inputMode: 'numeric', maxLength: 6, 'data-testid': `activity-rewards-${kind}-points` }}
          />
          <FormChoice
            control={form.control}
            name={`${kind}Coupon`}
            label={t('activity.rewards.coupon')}
            options={options}
            testId={`activity-rewards-${kind}-coupon`}
          />
        </div>
      ))}
    </FormDialog>
  );
}
