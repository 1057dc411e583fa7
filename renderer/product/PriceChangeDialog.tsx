/**
 * Bulk price change over the selected products (issue: "bulk price edit with
 * a preview of what changes and one transaction for all of it"): a way to
 * change (set to, by percent, add or take off), a value, a preview of every
 * product's price before and after — the invalid ones marked — and only then
 * the change itself, all or nothing.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { formatYuan, parseYuan } from '../../shared/format.js';
import { PRICE_MODES, type PriceChangeResult, type PriceMode } from '../../shared/product/index.js';
import { DataTable, useCloseGuard, useGuardedAction, type Column, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: 'calc(100vw - 32px)' },
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  value: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  invalid: { color: tokens.colorPaletteRedForeground1 },
});

type Item = PriceChangeResult['items'][number];
export type PriceChange = (body: {
  ids: number[];
  mode: PriceMode;
  value: number;
  preview: boolean;
}) => Promise<PriceChangeResult>;

/** The typed value as the API takes it: fen for a price or an amount (a sign allowed for an amount), a whole percent. */
export function changeValue(mode: PriceMode, typed: string): number | null {
  const text = typed.trim();
  if (mode === 'percent') return /^[-+]?\d{1,3}$/.test(text) ? Number(text) : null;
  const negative = mode === 'add' && text.startsWith('-');
  const fen = parseYuan(text.replace(/^[-+]/, ''));
  return fen === null ? null : negative ? -fen : fen;
}

export function PriceChangeDialog({
  ids,
  change,
  onClose,
}: {
  ids: number[];
  change: PriceChange;
  onClose: (changed: boolean) => void;
}) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const [mode, setMode] = useState<PriceMode>('percent');
  const [typed, setTyped] = useState('');
  const [preview, setPreview] = useState<{ key: string; items: Item[] } | null>(null);
  const value = changeValue(mode, typed);
  const key = `${mode}:${value}`;
  // A preview of another value says nothing about this one.
  const shown = preview?.key === key ? preview.items : null;

  const look = useGuardedAction(async () => {
    if (value === null) return;
    try {
      setPreview({ key, items: (await change({ ids, mode, value, preview: true })).items });
    } catch (error) {
      report(error, { fallback: t('product.price.failed') });
    }
  });
  const apply = useGuardedAction(async () => {
    if (value === null || !shown) return;
    try {
      const result = await change({ ids, mode, value, preview: false });
      notify(t('product.price.changed', { count: result.changed }));
      onClose(true);
    } catch (error) {
      report(error, { fallback: t('product.price.failed') });
    }
  });
  const busy = look.busy || apply.busy;

  const columns = useMemo<Column<Item>[]>(
    () => [
      { id: 'number', header: t('product.price.number'), value: (i) => i.number, minWidth: 96, width: 130 },
      { id: 'name', header: t('product.price.name'), value: (i) => i.name, minWidth: 120, width: 200, grow: 1 },
      { id: 'before', header: t('product.price.before'), kind: 'money', value: (i) => i.before },
      {
        id: 'after',
        header: t('product.price.after'),
        minWidth: 96,
        width: 110,
        cellTestId: 'price-after',
        render: (i) =>
          i.valid ? formatYuan(i.after) : <span className={styles.invalid}>{t('product.price.invalid')}</span>,
      },
    ],
    [t, styles],
  );

  const invalid = shown?.some((i) => !i.valid) ?? false;
  const guard = useCloseGuard({ busy, dirty: typed !== '', onClose: () => onClose(false) });
  return (
    <Dialog open onOpenChange={guard.onOpenChange}>
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('product.price.title', { count: ids.length })}</DialogTitle>
          <DialogContent className={styles.fields}>
            <Field label={t('product.price.mode')}>
              <RadioGroup
                layout="horizontal"
                value={mode}
                onChange={(_, d) => setMode(d.value as PriceMode)}
                data-testid="price-mode"
              >
                {PRICE_MODES.map((m) => (
                  <Radio key={m} value={m} label={t(`product.price.modes.${m}`)} data-testid={`price-mode-${m}`} />
                ))}
              </RadioGroup>
            </Field>
            <div className={styles.value}>
              <Field
                label={t('product.price.value')}
                hint={t(`product.price.valueHints.${mode}`)}
                required
                validationMessage={typed !== '' && value === null ? t('product.validation.priceChange') : undefined}
              >
                <Input
                  value={typed}
                  inputMode="decimal"
                  onChange={(_, d) => setTyped(d.value)}
                  data-testid="price-value"
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') void look.run();
                  }}
                />
              </Field>
              <Button
                disabledFocusable={value === null || busy}
                onClick={() => void look.run()}
                data-testid="price-preview"
              >
                {t('product.price.preview')}
              </Button>
            </div>
            {shown && (
              <DataTable
                label={t('product.price.title', { count: ids.length })}
                columns={columns}
                rows={shown}
                rowKey={(i) => i.id}
                view="rows"
                rowTestId="price-row"
              />
            )}
            {shown && invalid && (
              <MessageBar intent="error">
                <MessageBarBody>{t('product.validation.priceResult')}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button
              appearance="secondary"
              onClick={() => onClose(false)}
              disabledFocusable={busy}
              data-testid="price-cancel"
            >
              {t('common.cancel')}
            </Button>
            <Button
              appearance="primary"
              disabledFocusable={!shown || invalid || busy}
              onClick={() => void apply.run()}
              icon={apply.busy ? <Spinner size="extra-tiny" /> : undefined}
              title={shown ? undefined : t('product.price.previewFirst')}
              data-testid="price-apply"
            >
              {t('product.price.apply')}
            </Button>
          </DialogActions>
        </DialogBody>
        {guard.question}
      </DialogSurface>
    </Dialog>
  );
}
