/**
 * A visit's count (beyond the spec): the device's channels with goods, each
 * with what the books say, and a box for what was counted in it — blank
 * ones are not counted. Saving sets the stock to the count
 * (`device.countStock`); the difference is what the shrink report calls
 * counted at the visit. Opened from the device's channels and from the pick
 * list, where the one who refills stands in front of the machine.
 */
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useFieldArray, useWatch, type Control } from 'react-hook-form';
import { z } from 'zod';
import type { ChannelItem } from '../../shared/device/index.js';
import { zodI18nResolver } from '../app/form.js';
import { FormInput } from '../app/FormInput.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import { FormDialog, useDialogSave, useFormGrid, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: 'calc(100vw - 32px)' },
  intro: { color: tokens.colorNeutralForeground2, gridColumn: '1 / -1' },
  wide: { gridColumn: '1 / -1' },
});

interface Values {
  counts: { counted: string }[];
}

export interface StockCountDialogProps {
  device: { id: number; name: string };
  onClose: () => void;
}

export function StockCountDialog({ device, onClose }: StockCountDialogProps) {
  const { t } = useScreen();
  const styles = useStyles();
  const list = useOp('device.channels', { params: { id: device.id } }, { staleTime: 0 });
  if (list.data) return <CountForm device={device} channels={list.data.filter(withGoods)} onClose={onClose} />;
  return (
    <FormDialog
      title={t('device.care.count.title', { device: device.name })}
      busy={list.isPending}
      dirty={false}
      onClose={onClose}
      onSubmit={(event) => event.preventDefault()}
      testId="stock-count"
    >
      {list.isError ? (
        <div className={styles.wide}>
          <Text role="alert">{t('device.care.count.loadFailed')}</Text>{' '}
          <Button size="small" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <Spinner size="small" />
      )}
    </FormDialog>
  );
}

const withGoods = (c: ChannelItem) => c.productId !== null;

/** Blank, or a whole number up to the capacity (the upstream's rules); and at least one channel counted. */
function countSchema(channels: readonly ChannelItem[]) {
  return z
    .object({
      counts: z.array(z.object({ counted: z.string().trim() })).superRefine((counts, ctx) => {
        counts.forEach(({ counted }, i) => {
          if (counted === '') return;
          if (!/^\d+$/.test(counted))
            ctx.addIssue({ code: 'custom', message: 'device.validation.counted', path: [i, 'counted'] });
          else if (Number(counted) > channels[i]!.capacity)
            ctx.addIssue({ code: 'custom', message: 'device.validation.stockCapacity', path: [i, 'counted'] });
        });
        if (counts.length && counts.every((c) => c.counted === ''))
          ctx.addIssue({ code: 'custom', message: 'device.validation.countNothing', path: [0, 'counted'] });
      }),
    })
    .transform((v) => v as Values);
}

function CountForm({ device, channels, onClose }: StockCountDialogProps & { channels: readonly ChannelItem[] }) {
  const { t } = useScreen();
  const styles = useStyles();
  const grid = useFormGrid();
  const count = useOpMutation('device.countStock', {
    invalidates: ['device.channels', 'device.pickList', 'device.exceptions'],
  });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(countSchema(channels), t),
    defaultValues: { counts: channels.map(() => ({ counted: '' })) },
  });
  const rows = useFieldArray({ control: form.control, name: 'counts' });
  const submit = useDialogSave(form, {
    save: ({ counts }) =>
      count.mutateAsync({
        params: { id: device.id },
        body: {
          counts: counts.flatMap((c, i) =>
            c.counted.trim() === '' ? [] : [{ number: channels[i]!.number, counted: Number(c.counted) }],
          ),
        },
      }),
    saved: (done) =>
      done.missing || done.found
        ? t('device.care.count.saved', { missing: done.missing, found: done.found })
        : t('device.care.count.savedExact'),
    failed: t('device.care.count.failed'),
    onClose,
  });
  return (
    <FormDialog
      title={t('device.care.count.title', { device: device.name })}
      submitLabel={t('device.care.count.save')}
      {...submit.dialog}
      testId="stock-count"
      surfaceClassName={styles.surface}
      fieldsClassName={grid.size220}
    >
      <Text className={styles.intro}>
        {channels.length ? t('device.care.count.intro') : t('device.care.count.none')}
      </Text>
      {rows.fields.map((row, i) => (
        <CountField key={row.id} control={form.control} index={i} channel={channels[i]!} />
      ))}
    </FormDialog>
  );
}

/** One channel's box, its hint saying what the books say and, once typed, what is missing or over. */
function CountField({ control, index, channel }: { control: Control<Values>; index: number; channel: ChannelItem }) {
  const { t } = useScreen();
  const typed = useWatch({ control, name: `counts.${index}.counted` }).trim();
  const books = channel.stock;
  const counted = /^\d+$/.test(typed) ? Number(typed) : null;
  const hint =
    counted === null
      ? t('device.care.count.books', { count: books, capacity: channel.capacity })
      : counted < books
        ? t('device.care.count.short', { count: books, n: books - counted })
        : counted > books
          ? t('device.care.count.over', { count: books, n: counted - books })
          : t('device.care.count.matches', { count: books });
  return (
    <FormInput
      control={control}
      name={`counts.${index}.counted`}
      label={t('device.care.count.channel', { number: channel.number, product: channel.productName ?? '' })}
      required={false}
      hint={hint}
      input={{ inputMode: 'numeric', maxLength: 4, 'data-testid': `stock-count-${channel.number}` }}
    />
  );
}
