/**
 * A customer's employee prices (spec §5 "staff price required"): its
 * tenant's products with their retail price and the customer's price where
 * set, each row's price typed in yuan and saved on its own (Enter or Save),
 * or cleared — the channel's staff price applies again. A price is checked
 * as typed against the upstream's own range before anything is sent.
 */
import { Button, Checkbox, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { STAFF_PRICE_MAX_FEN, type StaffPriceItem } from '../../shared/customer/index.js';
import { formatYuan, parseYuan, yuanInput } from '../../shared/format.js';
import { useOpMutation } from '../bridge.js';
import { OverflowText, ResourceList, TextFilter, useResource, useScreen, type Column } from '../kit/index.js';

const useStyles = makeStyles({
  note: { color: tokens.colorNeutralForeground2 },
  price: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS },
  input: { width: '110px' },
  unset: { color: tokens.colorNeutralForeground2 },
});

interface Filter {
  keyword: string;
  onlySet: boolean;
}
const EMPTY: Filter = { keyword: '', onlySet: false };

/** The fen typed, or the message key that says what is wrong with it. */
type PriceError = 'customer.validation.price' | 'customer.validation.priceRequired';
function staffPriceOf(typed: string): { fen: number } | { error: PriceError } {
  if (!typed.trim()) return { error: 'customer.validation.priceRequired' };
  const fen = parseYuan(typed);
  return fen === null || fen > STAFF_PRICE_MAX_FEN ? { error: 'customer.validation.price' } : { fen };
}

export function PricesPanel({ customerId }: { customerId: number }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const prices = useResource('customer.prices', {
    ns: 'customer.prices',
    testId: 'price',
    empty: EMPTY,
    body: (f) => ({
      customerId,
      ...(f.keyword.trim() ? { keyword: f.keyword.trim() } : {}),
      ...(f.onlySet ? { onlySet: true } : {}),
    }),
  });
  const { column, source, draft, setDraft, text } = prices;
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, PriceError>>({});
  const save = useOpMutation('customer.setPrice', { invalidates: ['customer.prices'] });
  const clear = useOpMutation('customer.deletePrice', { invalidates: ['customer.prices'] });

  const forget = (productId: number) => {
    setTyped(({ [productId]: _, ...rest }) => rest);
    setErrors(({ [productId]: _, ...rest }) => rest);
  };
  const commit = async (row: StaffPriceItem) => {
    const checked = staffPriceOf(typed[row.productId] ?? (row.price === null ? '' : yuanInput(row.price)));
    if ('error' in checked) {
      setErrors((e) => ({ ...e, [row.productId]: checked.error }));
      return;
    }
    try {
      await save.mutateAsync({
        params: { id: customerId },
        body: { prices: [{ productId: row.productId, price: checked.fen }] },
      });
      forget(row.productId);
      notify(t('customer.prices.saved'));
    } catch (error) {
      report(error);
    }
  };
  const remove = async (row: StaffPriceItem) => {
    if (row.priceId === null) return;
    try {
      await clear.mutateAsync({ params: { id: row.priceId } });
      forget(row.productId);
      notify(t('customer.prices.removed'));
    } catch (error) {
      report(error);
    }
  };

  const columns = useMemo<Column<StaffPriceItem>[]>(
    () => [
      column('product', {
        minWidth: 140,
        width: 240,
        grow: 1,
        hideable: false,
        testId: true,
        render: (r) => (
          <OverflowText
            text={t('customer.prices.productWithNumber', { name: r.productName, number: r.productNumber })}
          />
        ),
      }),
      column('retail', { kind: 'money', value: (r) => r.retailPrice }),
      column('price', {
        minWidth: 200,
        width: 220,
        render: (r) => {
          const error = errors[r.productId];
          const value = typed[r.productId] ?? (r.price === null ? '' : yuanInput(r.price));
          // Above the retail price is allowed (a premium product for staff is possible) but said: it is more often a typo.
          const typedFen = parseYuan(value);
          const above = !error && typedFen !== null && typedFen > r.retailPrice;
          return (
            <div className={styles.price}>
              <Field
                validationMessage={
                  error
                    ? t(error)
                    : above
                      ? t('customer.prices.aboveRetail', { retail: formatYuan(r.retailPrice) })
                      : undefined
                }
                validationState={error ? 'error' : above ? 'warning' : 'none'}
              >
                <Input
                  className={styles.input}
                  size="small"
                  inputMode="decimal"
                  value={value}
                  placeholder={t('customer.prices.notSet')}
                  aria-label={`${r.productName} ${t('customer.prices.price')}`}
                  onChange={(_, d) => {
                    setTyped((x) => ({ ...x, [r.productId]: d.value }));
                    if (error) setErrors(({ [r.productId]: _, ...rest }) => rest);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') void commit(r);
                  }}
                  data-testid="price-input"
                />
              </Field>
              {r.price !== null && typed[r.productId] === undefined && (
                <Text size={200} className={styles.unset}>
                  {formatYuan(r.price)}
                </Text>
              )}
            </div>
          );
        },
      }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 140,
        width: 150,
        render: (r) => (
          <>
            <Button
              size="small"
              appearance="subtle"
              disabled={save.isPending}
              onClick={() => void commit(r)}
              data-testid="price-save"
            >
              {t('customer.prices.save')}
            </Button>
            <Button
              size="small"
              appearance="subtle"
              disabled={r.priceId === null || clear.isPending}
              onClick={() => void remove(r)}
              data-testid="price-remove"
            >
              {t('customer.prices.remove')}
            </Button>
          </>
        ),
      }),
    ],
    [t, styles, typed, errors, save.isPending, clear.isPending, column],
  );

  return (
    <ResourceList
      resource={prices}
      untitled
      title={text('tab')}
      columns={columns}
      rowKey={(r) => r.productId}
      intro={<Text className={styles.note}>{text('hint')}</Text>}
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          <Checkbox
            label={text('onlySet')}
            checked={draft.onlySet}
            onChange={(_, d) => setDraft((f) => ({ ...f, onlySet: d.checked === true }))}
            data-testid="price-filter-set"
          />
        </>
      }
    />
  );
}
