/**
 * A dry run beside the activity's form: the last day's (or week's) sales of
 * its devices replayed with the unsaved activity (`activity.dryRun`) — how
 * many it would have changed and by how much — before anyone sees a price.
 */
import { Button, Card, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { activityInput, type DryRunAnswer } from '../../shared/activity/index.js';
import { formatYuan } from '../../shared/format.js';
import { useOpMutation } from '../bridge.js';
import { useGuardedAction, useScreen } from '../kit/index.js';
import { toInput, type ActivityValues } from './form.js';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
});

export function DryRun({ values }: { values: ActivityValues }) {
  const { t, report } = useScreen();
  const styles = useStyles();
  const [days, setDays] = useState(1);
  const [answer, setAnswer] = useState<DryRunAnswer | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { mutateAsync } = useOpMutation('activity.dryRun');
  const run = useGuardedAction(async () => {
    const checked = activityInput.safeParse(toInput(values));
    setInvalid(!checked.success);
    if (!checked.success) return;
    try {
      setAnswer(await mutateAsync({ body: { draft: checked.data, days } }));
    } catch (error) {
      report(error);
    }
  });
  return (
    <Card className={styles.card} data-testid="activity-dry-run">
      <Text weight="semibold">{t('activity.dryRun.title')}</Text>
      <Text className={styles.hint}>{t('activity.dryRun.hint')}</Text>
      <div className={styles.row}>
        <Select
          value={String(days)}
          onChange={(_, d) => setDays(Number(d.value))}
          aria-label={t('activity.dryRun.days')}
        >
          <option value="1">{t('activity.dryRun.lastDay')}</option>
          <option value="7">{t('activity.dryRun.lastWeek')}</option>
        </Select>
        <Button onClick={() => void run.run()} disabled={run.busy} data-testid="activity-dry-run-start">
          {t('activity.dryRun.run')}
        </Button>
      </div>
      {invalid && <Text className={styles.hint}>{t('activity.dryRun.invalid')}</Text>}
      {answer && !invalid && (
        <Text data-testid="activity-dry-run-answer">
          {t('activity.dryRun.answer', {
            sales: answer.sales,
            changed: answer.changed,
            discount: formatYuan(answer.discount),
            members: answer.members,
          })}
        </Text>
      )}
    </Card>
  );
}
