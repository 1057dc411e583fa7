/**
 * A new price change (the wizard, one dialog): the tenant (the admin names
 * it), the devices — chosen ones, a point's, or a scene's — the products
 * they hold with today's prices and the new price and staff price of each,
 * the devices that cannot take it and why (a change still waiting there is
 * replaced only when asked), and when: now, at a set time, or at each
 * machine's next service visit. Confirm creates it and opens its progress.
 */
import { Button, Checkbox, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CODE } from '../../shared/domains.js';
import { formatYuan, yuanInput } from '../../shared/format.js';
import { PRICE_TIMINGS, type PriceChangeDetail, type PriceProduct } from '../../shared/price/index.js';
import { deviceLabel } from '../../shared/device/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import {
  DateTimeInput,
  FormDialog,
  FormRadio,
  MultiPick,
  productOption,
  tenantChoice,
  useDialogSave,
  useScreen,
} from '../kit/index.js';
import { ownerOf, PushLeftOut, PushTargetFields, targetField, targetNamed, targetOf } from '../device/index.js';
import { emptyPrice, priceSchema, toPriceInput, type PriceValues } from './priceForm.js';

const useStyles = makeStyles({
  surface: { maxWidth: '760px' },
  line: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, 1fr) minmax(100px, 140px) minmax(100px, 140px) auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'end',
    // A phone-wide window: the name takes a row of its own above its two prices.
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto' },
  },
  // An input's own size (its 20 characters) is wider than its 140 px column: it fills the column instead.
  amount: { width: '100%', minWidth: 0, '& input': { minWidth: 0, width: '100%' } },
  name: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    paddingBottom: tokens.spacingVerticalS,
    '@media (max-width: 600px)': { gridColumn: '1 / -1', paddingBottom: 0 },
  },
  now: { color: tokens.colorNeutralForeground3 },
});

const range = (min: number, max: number) => (min === max ? formatYuan(min) : `${formatYuan(min)}–${formatYuan(max)}`);

export function PriceDialog({
  deviceIds = [],
  productIds = [],
  onClose,
  onCreated,
}: {
  deviceIds?: number[];
  productIds?: number[];
  onClose: () => void;
  onCreated: (change: PriceChangeDetail) => void;
}) {
  const { t, user } = useScreen();
  const styles = useStyles();
  const choice = tenantChoice(user, true);
  const create = useOpMutation('price.create', { invalidates: ['price.page', 'price.history'] });
  const form = useConsoleForm<PriceValues>({
    resolver: zodI18nResolver(priceSchema, t),
    defaultValues: emptyPrice(deviceIds),
  });
  const values = useWatch({ control: form.control }) as PriceValues;
  const { tenantId, target, lines, timing } = values;
  const ready = choice !== 'required' || tenantId !== undefined;
  const owner = ownerOf(values);
  const aimed = ready && targetNamed(values);
  const offered = useOp('price.products', { body: { ...owner, ...targetOf(values) } }, { enabled: aimed });
  const fit = useOp(
    'price.fit',
    {
      body: {
        ...owner,
        ...targetOf(values),
        lines: (lines ?? []).map((l) => ({ productId: l.productId, price: 1, customerStaffPrice: 1 })),
      },
    },
    { enabled: aimed && (lines ?? []).length > 0, meta: { silent: true } },
  );
  const products = offered.data ?? [];
  const toLine = (p: PriceProduct) => ({
    productId: p.id,
    name: p.name,
    price: yuanInput(p.minPrice),
    customerStaffPrice: yuanInput(p.minStaffPrice),
  });
  const pick = (ids: number[]) =>
    form.setValue(
      'lines',
      ids.map((id) => (lines ?? []).find((l) => l.productId === id) ?? toLine(products.find((p) => p.id === id)!)),
      { shouldDirty: true },
    );
  // The products the list's selection named, once the devices show them.
  const preset = useRef(productIds);
  useEffect(() => {
    if (!preset.current.length || !offered.data) return;
    const found = offered.data.filter((p) => preset.current.includes(p.id));
    if (!found.length) return;
    preset.current = [];
    form.setValue('lines', found.map(toLine), { shouldDirty: true });
  }, [offered.data, form]);
  const judged = fit.data ?? [];
  const unfit = judged.filter((d) => d.reason !== null);
  const conflicts = [...new Set(unfit.flatMap((d) => d.conflicts))].sort((a, b) => a - b);
  const ids = conflicts.map((id) => `#${id}`).join(t('common.listSeparator'));
  const where = targetField(target);
  const submit = useDialogSave(form, {
    save: async (v) => onCreated(await create.mutateAsync({ body: toPriceInput(v, conflicts) })),
    saved: t('price.created'),
    failed: t('price.submit'),
    fieldCodes: {
      [CODE.noPriceDevices]: where,
      [CODE.pushRefUnknown]: where,
      [CODE.priceConflict]: 'replace',
      [CODE.productNotFound]: 'lines',
    },
    onClose,
  });
  return (
    <FormDialog
      title={t('price.create')}
      testId="price-dialog"
      surfaceClassName={styles.surface}
      submitLabel={t('price.submit')}
      {...submit.dialog}
    >
      <PushTargetFields
        control={form.control}
        choice={choice}
        onTenantChange={() => {
          form.setValue('deviceIds', []);
          form.setValue('lines', []);
        }}
        testId="price"
      />
      <Controller
        control={form.control}
        name="lines"
        render={({ fieldState }) => (
          <MultiPick
            label={t('price.products')}
            required
            options={products.map((p) => productOption(p, range(p.minPrice, p.maxPrice)))}
            value={(lines ?? []).map((l) => l.productId)}
            onChange={pick}
            placeholder={t('price.products')}
            error={fieldState.error?.message ?? fieldState.error?.root?.message}
            waitingFor={aimed ? undefined : t('price.productsAfterDevices')}
            testId="price-products"
          />
        )}
      />
      {(lines ?? []).map((l, i) => {
        const now = products.find((p) => p.id === l.productId);
        return (
          <div key={l.productId} className={styles.line} data-testid="price-line">
            <div className={styles.name}>
              <Text weight="semibold" truncate wrap={false} title={l.name}>
                {l.name}
              </Text>
              {now && (
                <Text size={200} className={styles.now}>
                  {range(now.minPrice, now.maxPrice)} / {range(now.minStaffPrice, now.maxStaffPrice)}
                </Text>
              )}
            </div>
            <FormInput
              control={form.control}
              name={`lines.${i}.price`}
              label={t('price.price')}
              input={{
                className: styles.amount,
                inputMode: 'decimal',
                maxLength: 12,
                'data-testid': 'price-line-price',
              }}
            />
            <FormInput
              control={form.control}
              name={`lines.${i}.customerStaffPrice`}
              label={t('price.customerStaffPrice')}
              input={{
                className: styles.amount,
                inputMode: 'decimal',
                maxLength: 12,
                'data-testid': 'price-line-staff',
              }}
            />
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={`${t('price.removeProduct')} ${l.name}`}
              onClick={() => pick((lines ?? []).filter((x) => x.productId !== l.productId).map((x) => x.productId))}
              data-testid="price-line-remove"
            />
          </div>
        );
      })}
      {fit.data && (
        <PushLeftOut
          title={t('price.fit', { fit: judged.length - unfit.length, total: judged.length })}
          left={unfit.map((d) => ({
            deviceId: d.deviceId,
            text: t('common.labelled', {
              label: deviceLabel(d),
              value: t(`price.unfit.${d.reason!}`, {
                ids: d.conflicts.map((id) => `#${id}`).join(t('common.listSeparator')),
              }),
            }),
          }))}
          testId="price-fit"
        />
      )}
      {conflicts.length > 0 && (
        <Controller
          control={form.control}
          name="replace"
          render={({ field, fieldState }) => (
            <Field validationMessage={fieldState.error?.message} validationState={fieldState.error ? 'error' : 'none'}>
              <Checkbox
                label={t('price.replace', { ids })}
                checked={field.value}
                onChange={(_, d) => field.onChange(d.checked === true)}
                data-testid="price-replace"
              />
            </Field>
          )}
        />
      )}
      <FormRadio
        control={form.control}
        name="timing"
        label={t('price.timing')}
        options={PRICE_TIMINGS.map((x) => ({ value: x, text: t(`price.timings.${x}`) }))}
        testId="price-timing"
      />
      {timing === 'at' && (
        <Controller
          control={form.control}
          name="applyAt"
          render={({ field, fieldState }) => (
            <Field
              label={t('price.applyAt')}
              required
              validationMessage={fieldState.error?.message}
              validationState={fieldState.error ? 'error' : 'none'}
            >
              <DateTimeInput value={field.value} onChange={field.onChange} testId="price-apply-at" />
            </Field>
          )}
        />
      )}
    </FormDialog>
  );
}
