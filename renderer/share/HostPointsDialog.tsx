/**
 * A host's points: those it holds and held, with the days, and points it
 * takes from a day on (from another host, or from none). A day in a month
 * already issued is refused at its field (973): the statement it would
 * change is final.
 */
import { Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { businessDay } from '../../shared/business-time.js';
import { CODE } from '../../shared/domains.js';
import type { ShareHostItem } from '../../shared/share/index.js';
import { zodI18nResolver } from '../app/form.js';
import { useConsoleForm } from '../app/useConsoleForm.js';
import { useOp, useOpMutation } from '../bridge.js';
import { DateTimeInput, FormDialog, MultiPick, parseDateText, useDialogSave, useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  held: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    maxHeight: '200px',
    overflowY: 'auto',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  surface: { maxWidth: 'min(560px, 96vw)' },
});

type Values = { pointIds: number[]; fromDay: string };

const schema = z.object({
  pointIds: z.array(z.number()).min(1, { message: 'validation.required' }),
  fromDay: z.string().refine((v) => parseDateText(v, 'date') !== null, { message: 'validation.invalid' }),
}) as unknown as z.ZodType<Values, Values>;

export function HostPointsDialog({ host, onClose }: { host: ShareHostItem; onClose: () => void }) {
  const { t } = useScreen();
  const styles = useStyles();
  const held = useOp('share.hostPoints', { params: { id: host.id } });
  const subjects = useOp('share.subjects', { body: { tenantId: host.tenantId } });
  const assign = useOpMutation('share.assign', {
    invalidates: ['share.hostPoints', 'share.hostPage', 'share.subjects'],
  });
  const form = useConsoleForm<Values>({
    resolver: zodI18nResolver(schema, t),
    defaultValues: { pointIds: [], fromDay: businessDay() },
  });
  const submit = useDialogSave(form, {
    save: ({ pointIds, fromDay }) =>
      assign.mutateAsync({
        body: { pointIds, hostId: host.id, fromDay: parseDateText(fromDay, 'date')! },
      }),
    saved: t('share.host.saved'),
    failed: t('share.statement.actionFailed'),
    goneCode: CODE.shareHostNotFound,
    fieldCodes: { [CODE.shareMonthStated]: 'fromDay' },
    onClose,
  });
  const options = (subjects.data?.points ?? [])
    .filter((p) => p.hostId !== host.id)
    .map((p) => ({ id: p.id, text: p.hostName ? t('common.withNote', { text: p.name, note: p.hostName }) : p.name }));
  return (
    <FormDialog
      title={t('share.host.pointsTitle', { name: host.name })}
      {...submit.dialog}
      submitLabel={t('share.host.assign')}
      surfaceClassName={styles.surface}
      testId="share-host-points"
    >
      <div className={styles.held} data-testid="share-host-held">
        {(held.data ?? []).length === 0 && <Text className={styles.muted}>{t('share.host.noPoints')}</Text>}
        {(held.data ?? []).map((p) => (
          <Text key={`${p.pointId}:${p.fromDay}`} data-testid="share-host-held-point">
            {`${p.pointName} · ${p.fromDay} – ${p.toDay ?? t('share.host.still')}`}
          </Text>
        ))}
      </div>
      <Controller
        control={form.control}
        name="pointIds"
        render={({ field, fieldState }) => (
          <MultiPick
            label={t('share.host.choosePoints')}
            options={options}
            value={field.value}
            onChange={field.onChange}
            placeholder={t('share.host.choosePoints')}
            required
            error={fieldState.error?.message}
            testId="share-host-points-pick"
          />
        )}
      />
      <Controller
        control={form.control}
        name="fromDay"
        render={({ field, fieldState }) => (
          <Field
            label={t('share.host.fromDay')}
            required
            validationMessage={fieldState.error?.message}
            validationState={fieldState.error ? 'error' : 'none'}
          >
            <DateTimeInput value={field.value} onChange={field.onChange} mode="date" testId="share-host-points-from" />
          </Field>
        )}
      />
    </FormDialog>
  );
}
