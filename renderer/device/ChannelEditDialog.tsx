/**
 * Edit a selection of channels at once (spec §3 Channel; §5 staff price
 * required): a product of the device's tenant (searched by name, pinyin or
 * number) or "empty the channel", price and staff price in yuan, stock, switch
 * and lock — whatever is left blank stays as it is. All or none: a refusal
 * keeps what was typed and says it at its field.
 */
import { Combobox, Dropdown, Field, Input, makeStyles, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { formatYuan, parseYuan } from '../../shared/format.js';
import type { ChannelPatch } from '../../shared/device/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { FormDialog, productOption, useGuardedAction, useFormGrid, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  wide: { gridColumn: '1 / -1' },
  surface: { maxWidth: '640px', width: 'calc(100vw - 32px)' },
  control: { minWidth: 0, width: '100%' },
});

type Flag = '' | 'true' | 'false';
const EMPTY = 'empty';

export function ChannelEditDialog({
  deviceId,
  numbers,
  onClose,
}: {
  deviceId: number;
  numbers: number[];
  onClose: (saved: boolean) => void;
}) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const formGrid = useFormGrid();
  const update = useOpMutation('device.channelUpdate', { invalidates: ['device.channels'] });
  const [search, setSearch] = useState('');
  const [product, setProduct] = useState<{ id: number | null; name: string } | undefined>();
  const [price, setPrice] = useState('');
  const [customerStaffPrice, setCustomerStaffPrice] = useState('');
  const [stock, setStock] = useState('');
  const [enabled, setEnabled] = useState<Flag>('');
  const [locked, setLocked] = useState<Flag>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The device's own picker: the device list's code is enough to stock a channel.
  const found = useOp(
    'device.productOptions',
    { params: { id: deviceId }, body: search.trim() ? { keyword: search.trim() } : {} },
    { staleTime: 30_000 },
  );

  const money = (typed: string) => (typed.trim() === '' ? undefined : (parseYuan(typed) ?? NaN));
  const patch: ChannelPatch = {
    ...(product ? { productId: product.id } : {}),
    ...(money(price) !== undefined ? { price: money(price)! } : {}),
    ...(money(customerStaffPrice) !== undefined ? { customerStaffPrice: money(customerStaffPrice)! } : {}),
    ...(stock.trim() !== '' ? { stock: /^\d+$/.test(stock.trim()) ? Number(stock.trim()) : NaN } : {}),
    ...(enabled ? { enabled: enabled === 'true' } : {}),
    ...(locked ? { locked: locked === 'true' } : {}),
  };
  const local: Record<string, string> = {};
  if (Number.isNaN(patch.price)) local['patch.price'] = 'device.validation.price';
  if (Number.isNaN(patch.customerStaffPrice))
    local['patch.customerStaffPrice'] = 'device.validation.customerStaffPrice';
  if (Number.isNaN(patch.stock)) local['patch.stock'] = 'device.validation.stock';

  const submit = useGuardedAction(async () => {
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    try {
      await update.mutateAsync({ params: { id: deviceId }, body: { numbers, patch } });
      notify(t('device.channel.saved'));
      onClose(true);
    } catch (error) {
      report(error, { fallback: t('device.channel.saveFailed'), onFields: setErrors });
    }
  });
  const message = (key: string) => (errors[key] ? t(errors[key] as 'validation.invalid') : undefined);
  const flag = (value: Flag, set: (v: Flag) => void, on: string, off: string, testId: string) => (
    <Dropdown
      className={styles.control}
      value={value === '' ? t('device.channel.unchanged') : value === 'true' ? on : off}
      selectedOptions={[value]}
      onOptionSelect={(_, d) => set((d.optionValue ?? '') as Flag)}
      data-testid={testId}
    >
      <Option value="">{t('device.channel.unchanged')}</Option>
      <Option value="true">{on}</Option>
      <Option value="false">{off}</Option>
    </Dropdown>
  );
  const dirty =
    product !== undefined ||
    price !== '' ||
    customerStaffPrice !== '' ||
    stock !== '' ||
    enabled !== '' ||
    locked !== '';

  return (
    <FormDialog
      title={t('device.channel.editTitle', { count: numbers.length })}
      busy={submit.busy}
      dirty={dirty}
      onClose={() => onClose(false)}
      onSubmit={() => void submit.run()}
      testId="channel-form"
      surfaceClassName={styles.surface}
      fieldsClassName={formGrid.size200}
    >
      <Field
        className={styles.wide}
        label={t('device.channel.product')}
        hint={t('device.channel.keepHint')}
        validationMessage={message('patch.productId')}
      >
        <Combobox
          className={styles.control}
          freeform
          placeholder={t('device.channel.productPlaceholder')}
          value={product ? product.name : search}
          selectedOptions={product ? [String(product.id ?? EMPTY)] : []}
          data-testid="channel-form-product"
          onChange={(e) => {
            setProduct(undefined);
            setSearch(e.target.value);
          }}
          onOptionSelect={(_, d) => {
            if (d.optionValue === EMPTY) setProduct({ id: null, name: t('device.channel.emptyChannel') });
            else if (d.optionValue) setProduct({ id: Number(d.optionValue), name: d.optionText ?? '' });
          }}
        >
          <Option value={EMPTY}>{t('device.channel.emptyChannel')}</Option>
          {(found.data ?? []).map((p) => (
            <Option key={p.id} value={String(p.id)} text={p.name}>
              {/* Its code and suggested price tell namesakes apart (one name in several sizes or catalogues). */}
              {t('common.withNote', { text: p.name, note: productOption(p, formatYuan(p.price)).note })}
            </Option>
          ))}
        </Combobox>
      </Field>
      <Field
        label={t('device.channel.price')}
        hint={t('device.channel.keepHint')}
        validationMessage={message('patch.price')}
      >
        <Input
          value={price}
          inputMode="decimal"
          onChange={(_, d) => setPrice(d.value)}
          data-testid="channel-form-price"
        />
      </Field>
      <Field
        label={t('device.channel.customerStaffPrice')}
        hint={t('device.channel.keepHint')}
        validationMessage={message('patch.customerStaffPrice')}
      >
        <Input
          value={customerStaffPrice}
          inputMode="decimal"
          onChange={(_, d) => setCustomerStaffPrice(d.value)}
          data-testid="channel-form-customer-staff-price"
        />
      </Field>
      <Field
        label={t('device.channel.stock')}
        hint={t('device.channel.keepHint')}
        validationMessage={message('patch.stock')}
      >
        <Input
          value={stock}
          inputMode="numeric"
          onChange={(_, d) => setStock(d.value)}
          data-testid="channel-form-stock"
        />
      </Field>
      <Field label={t('device.channel.enabled')}>
        {flag(enabled, setEnabled, t('device.channel.on'), t('device.channel.off'), 'channel-form-enabled')}
      </Field>
      <Field label={t('device.channel.locked')}>
        {flag(locked, setLocked, t('device.channel.yes'), t('device.channel.no'), 'channel-form-locked')}
      </Field>
    </FormDialog>
  );
}
