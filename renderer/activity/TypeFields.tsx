/**
 * The activity form's rules: the special price of each product (type
 * discount), the fields only its type asks for (shared/activity/rules.ts
 * TYPE_FIELDS), and the limits every type has — orders per customer, a
 * recurring window, payment platforms and a budget.
 */
import { Checkbox, Field, Input, makeStyles, Select, Switch, Text, tokens } from '@fluentui/react-components';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  asks,
  COUPON_TYPES,
  LIMIT_PERIODS,
  REFRESH_RULES,
  type ActivityType,
  WEEKDAY_KEYS,
} from '../../shared/activity/index.js';
import { PAY_PLATFORMS } from '../../shared/order/index.js';
import { formatYuan } from '../../shared/format.js';
import { FormInput } from '../app/FormInput.js';
import { CheckGroup, FormRadio, useScreen } from '../kit/index.js';
import type { ActivityValues } from './form.js';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  pair: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', '& > *': { flex: '1 1 160px' } },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'end', flexWrap: 'wrap' },
  name: { flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' },
  price: { width: '140px' },
  days: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3 },
});

interface Props {
  form: UseFormReturn<ActivityValues>;
  type: ActivityType;
  error: (name: string) => string | undefined;
}

/** Type discount: each chosen product's special price beside its own. */
export function ProductPrices({
  form,
  type,
  products,
  error,
}: Props & { products: readonly { id: number; name: string; price: number }[] }) {
  const { t } = useScreen();
  const styles = useStyles();
  const chosen = useWatch({ control: form.control, name: 'products' });
  if (!asks(type, 'productPrice') || !chosen.length) return null;
  return (
    <div className={styles.section} data-testid="activity-form-prices">
      {chosen.map((p, i) => {
        const product = products.find((x) => x.id === p.productId);
        return (
          <div key={p.productId} className={styles.row}>
            <Text className={styles.name}>
              {product?.name ?? p.productId} · {t('activity.listPrice')} {product ? formatYuan(product.price) : '—'}
            </Text>
            <Controller
              control={form.control}
              name={`products.${i}.price`}
              render={({ field }) => (
                <Field
                  label={t('activity.discountPrice')}
                  required
                  validationMessage={error(`products.${i}.price`)}
                  validationState={error(`products.${i}.price`) ? 'error' : 'none'}
                >
                  <Input
                    className={styles.price}
                    contentBefore="¥"
                    value={field.value}
                    onChange={(_, d) => field.onChange(d.value)}
                    onBlur={field.onBlur}
                    data-testid="activity-form-price"
                  />
                </Field>
              )}
            />
          </div>
        );
      })}
    </div>
  );
}

export function RuleFields({ form, type, error }: Props) {
  const { t } = useScreen();
  const styles = useStyles();
  const period = useWatch({ control: form.control, name: 'purchaseLimit.period' });
  const couponType = useWatch({ control: form.control, name: 'coupon.type' });
  const c = form.control;
  const input = (testId: string) => ({ 'data-testid': `activity-form-${testId}` });
  return (
    <div className={styles.section}>
      {asks(type, 'rate') && (
        <div className={styles.pair}>
          <FormInput
            control={c}
            name="rate"
            label={t('activity.rate')}
            hint={t('activity.rateHint')}
            input={{ ...input('rate'), inputMode: 'numeric' }}
          />
          {asks(type, 'minUnits') && (
            <FormInput
              control={c}
              name="minUnits"
              label={t('activity.minUnits')}
              input={{ ...input('min-units'), inputMode: 'numeric' }}
            />
          )}
        </div>
      )}
      {asks(type, 'threshold') && (
        <div className={styles.pair}>
          <FormInput
            control={c}
            name="threshold"
            label={t('activity.threshold')}
            input={{ ...input('threshold'), inputMode: 'decimal' }}
          />
          <FormInput
            control={c}
            name="reduction"
            label={t('activity.reduction')}
            input={{ ...input('reduction'), inputMode: 'decimal' }}
          />
        </div>
      )}
      {asks(type, 'purchaseLimit') && (
        <div className={styles.pair}>
          <Controller
            control={c}
            name="purchaseLimit.period"
            render={({ field }) => (
              <Field label={t('activity.purchaseLimit')}>
                <Select
                  value={field.value}
                  onChange={(_, d) => field.onChange(d.value)}
                  data-testid="activity-form-period"
                >
                  {LIMIT_PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {t(`activity.periods.${p}`)}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
          />
          {period !== 'unlimited' && (
            <>
              <FormInput
                control={c}
                name="purchaseLimit.count"
                label={t('activity.limitCount')}
                input={{ ...input('limit-count'), inputMode: 'numeric' }}
              />
              <Controller
                control={c}
                name="purchaseLimit.refresh"
                render={({ field }) => (
                  <Field label={t('activity.refreshRule')}>
                    <Select
                      value={field.value}
                      onChange={(_, d) => field.onChange(d.value)}
                      data-testid="activity-form-refresh"
                    >
                      {REFRESH_RULES.map((r) => (
                        <option key={r} value={r}>
                          {t(`activity.refresh.${r}`)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                )}
              />
            </>
          )}
        </div>
      )}
      {asks(type, 'coupon') && (
        <>
          <FormRadio
            control={c}
            name="coupon.type"
            label={t('activity.couponType')}
            options={COUPON_TYPES.map((x) => ({ value: x, text: t(`activity.couponTypes.${x}`) }))}
            testId="activity-form-coupon-type"
          />
          <div className={styles.pair}>
            {couponType !== 'exchange' && (
              <FormInput
                control={c}
                name="coupon.amount"
                label={t('activity.couponAmount')}
                input={input('coupon-amount')}
              />
            )}
            {couponType === 'reduction' && (
              <FormInput
                control={c}
                name="coupon.threshold"
                required={false}
                label={t('activity.couponThreshold')}
                input={input('coupon-threshold')}
              />
            )}
          </div>
          <div className={styles.pair}>
            <FormInput
              control={c}
              name="coupon.quantity"
              label={t('activity.couponQuantity')}
              input={input('coupon-quantity')}
            />
            <FormInput
              control={c}
              name="coupon.validDays"
              label={t('activity.couponDays')}
              input={input('coupon-days')}
            />
            <FormInput
              control={c}
              name="coupon.perMember"
              label={t('activity.couponPerMember')}
              input={input('coupon-per-member')}
            />
            <FormInput
              control={c}
              name="coupon.points"
              required={false}
              label={t('activity.couponPoints')}
              hint={t('activity.couponPointsHint')}
              input={input('coupon-points')}
            />
          </div>
          <Controller
            control={c}
            name="coupon.returnOnRefund"
            render={({ field }) => (
              <Switch
                checked={field.value}
                label={t('activity.returnOnRefund')}
                onChange={(_, d) => field.onChange(d.checked)}
              />
            )}
          />
        </>
      )}
      <FormInput
        control={c}
        name="participationLimit"
        required={false}
        label={t('activity.participationLimit')}
        input={{ ...input('participation'), placeholder: t('activity.unlimited') }}
      />
      <Controller
        control={c}
        name="weekdays"
        render={({ field }) => (
          <CheckGroup label={t('activity.weekdaysLabel')} error={error('weekdays')} testId="activity-form-weekdays">
            <div className={styles.days}>
              {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                <Checkbox
                  key={d}
                  label={t(`activity.weekdays.${WEEKDAY_KEYS[d - 1]!}`)}
                  checked={field.value.includes(d)}
                  onChange={(_, x) =>
                    field.onChange(x.checked ? [...field.value, d] : field.value.filter((v) => v !== d))
                  }
                />
              ))}
            </div>
          </CheckGroup>
        )}
      />
      <div className={styles.pair}>
        <FormInput
          control={c}
          name="hours.from"
          required={false}
          label={t('activity.hoursFrom')}
          input={{ ...input('hours-from'), placeholder: '11:00' }}
        />
        <FormInput
          control={c}
          name="hours.to"
          required={false}
          label={t('activity.hoursTo')}
          input={{ ...input('hours-to'), placeholder: '14:00' }}
        />
      </div>
      <Controller
        control={c}
        name="platforms"
        render={({ field }) => (
          <CheckGroup label={t('activity.platforms')} testId="activity-form-platforms">
            <div className={styles.days}>
              {PAY_PLATFORMS.map((p) => (
                <Checkbox
                  key={p}
                  label={t(`order.platform.${p}`)}
                  checked={field.value.includes(p)}
                  onChange={(_, x) =>
                    field.onChange(x.checked ? [...field.value, p] : field.value.filter((v) => v !== p))
                  }
                />
              ))}
            </div>
          </CheckGroup>
        )}
      />
      <div className={styles.pair}>
        <FormInput
          control={c}
          name="budgetAmount"
          required={false}
          label={t('activity.budgetAmount')}
          input={{ ...input('budget-amount'), placeholder: t('activity.unlimited') }}
        />
        <FormInput
          control={c}
          name="budgetUses"
          required={false}
          label={t('activity.budgetUses')}
          input={{ ...input('budget-uses'), placeholder: t('activity.unlimited') }}
        />
      </div>
    </div>
  );
}
