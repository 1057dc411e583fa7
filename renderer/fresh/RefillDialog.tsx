/**
 * A refill that puts perishable goods in channels (the device domain's
 * `refillBatches` port, opened from a device's channels): for each such
 * channel the batch's expiry — first offered from the product's shelf life —
 * and its lot, typed or read from the package's GS1 barcode (a scanner types
 * it into the scan box and ends with Enter, which reads it instead of
 * submitting). Checked here for comfort; the upstream refuses a past or
 * far-off expiry at its field and a perishable channel without one (1440).
 */
import { Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { addDays, businessDay } from '../../shared/business-time.js';
import { expiryFromShelfLife, FRESH_LIMITS, readGs1 } from '../../shared/fresh/index.js';
import { isIsoDate } from '../../shared/format.js';
import type { RefillBatchesProps } from '../device/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOpMutation } from '../bridge.js';
import { FormDialog, useDialogSave, useScreen } from '../kit/index.js';

const typed = z.object({
  batches: z.array(
    z.object({
      number: z.number(),
      expiresOn: z
        .string()
        .trim()
        .refine(isIsoDate, { message: 'validation.invalid' })
        .refine((v) => v >= businessDay(), { message: 'fresh.validation.expired' })
        .refine((v) => v <= addDays(businessDay(), FRESH_LIMITS.expiryDays), {
          message: 'fresh.validation.expiryTooFar',
        }),
      lot: z.string().trim().max(FRESH_LIMITS.lot, { message: 'validation.maxLength' }),
    }),
  ),
});
type Values = z.input<typeof typed>;

const useStyles = makeStyles({
  intro: { color: tokens.colorNeutralForeground2 },
  batch: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'flex-start' },
  cell: { flex: '1 1 150px', minWidth: '150px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export default function RefillDialog({ deviceId, numbers, perishable, onClose }: RefillBatchesProps) {
  const { t } = useScreen();
  const styles = useStyles();
  const refill = useOpMutation('device.channelRefill', { invalidates: ['device.channels', 'fresh.batches'] });
  const refilled = useRef(false);
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(typed, t),
    defaultValues: {
      batches: perishable.map((c) => ({
        number: c.number,
        expiresOn: expiryFromShelfLife(c.shelfLifeDays) ?? '',
        lot: '',
      })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'batches' });
  const submit = useDialogSave(form, {
    save: async (v) => {
      await refill.mutateAsync({
        params: { id: deviceId },
        body: {
          ...(numbers ? { numbers } : {}),
          batches: v.batches.map((b) => ({
            number: b.number,
            expiresOn: b.expiresOn.trim(),
            ...(b.lot.trim() ? { lot: b.lot.trim() } : {}),
          })),
        },
      });
      refilled.current = true;
    },
    saved: t('fresh.refill.done'),
    failed: t('device.channel.saveFailed'),
    onClose: () => onClose(refilled.current),
  });
  return (
    <FormDialog
      title={t('fresh.refill.title')}
      submitLabel={t('fresh.refill.confirm')}
      {...submit.dialog}
      testId="fresh-refill"
    >
      <Text className={styles.intro}>{t('fresh.refill.intro')}</Text>
      {rows.fields.map((row, i) => {
        const channel = perishable[i]!;
        return (
          <div key={row.id} className={styles.batch} data-testid="fresh-refill-batch">
            <Text weight="semibold">
              {t('fresh.refill.channelProduct', { channel: channel.number, product: channel.productName ?? '' })}
              {channel.shelfLifeDays !== null && (
                <Text
                  className={styles.muted}
                >{` · ${t('fresh.refill.shelfLife', { n: channel.shelfLifeDays })}`}</Text>
              )}
            </Text>
            <ScanBox
              onRead={(read) => {
                if (read.expiresOn)
                  form.setValue(`batches.${i}.expiresOn`, read.expiresOn, { shouldValidate: true, shouldDirty: true });
                if (read.lot)
                  form.setValue(`batches.${i}.lot`, read.lot.slice(0, FRESH_LIMITS.lot), { shouldDirty: true });
              }}
            />
            <div className={styles.row}>
              <div className={styles.cell}>
                <FormInput
                  control={form.control}
                  name={`batches.${i}.expiresOn`}
                  label={t('fresh.refill.expiresOn')}
                  input={{ type: 'date', 'data-testid': 'fresh-refill-expiry' }}
                />
              </div>
              <div className={styles.cell}>
                <FormInput
                  control={form.control}
                  name={`batches.${i}.lot`}
                  label={t('fresh.refill.lot')}
                  required={false}
                  input={{ maxLength: FRESH_LIMITS.lot, 'data-testid': 'fresh-refill-lot' }}
                />
              </div>
            </div>
          </div>
        );
      })}
    </FormDialog>
  );
}

/** The box a scanner types a package's barcode into: read on Enter or on leaving it, and said what it found. */
function ScanBox({ onRead }: { onRead: (read: { expiresOn?: string; lot?: string }) => void }) {
  const { t } = useScreen();
  const [text, setText] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; message: string } | null>(null);
  const read = () => {
    if (!text.trim()) return setSaid(null);
    const found = readGs1(text);
    if (!found?.expiresOn) return setSaid({ ok: false, message: t('fresh.refill.notGs1') });
    onRead(found);
    setSaid({ ok: true, message: t('fresh.refill.scanned', { day: found.expiresOn }) });
  };
  return (
    <Field
      label={t('fresh.refill.scan')}
      hint={said ? undefined : t('fresh.refill.scanHint')}
      validationMessage={said?.message}
      validationState={said ? (said.ok ? 'success' : 'warning') : 'none'}
    >
      <Input
        value={text}
        onChange={(_, d) => setText(d.value)}
        onBlur={read}
        onKeyDown={(e) => {
          // A scanner ends with Enter: read the code, do not submit the refill.
          if (e.key === 'Enter') {
            e.preventDefault();
            read();
          }
        }}
        data-testid="fresh-refill-scan"
      />
    </Field>
  );
}
