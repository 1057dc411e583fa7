/** A behaviour group's conditions in a line, and how fresh its members are: when last computed, or being computed. */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { formatTime, formatYuan } from '../../shared/format.js';
import type { BehaviourRule, GroupItem } from '../../shared/group/index.js';
import { useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  fresh: { display: 'inline-flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

/** "At 2 devices", "at 1 location", or both: a kind of place the rule does not name is not counted as 0. */
function boughtAt(t: ReturnType<typeof useScreen>['t'], devices: number, points: number): string {
  if (!points) return t('group.behaviour.summary.boughtAtDevices', { count: devices });
  if (!devices) return t('group.behaviour.summary.boughtAtPoints', { count: points });
  return t('group.behaviour.summary.boughtAt', { devices, points });
}

export function RuleSummary({ rule }: { rule: BehaviourRule }) {
  const { t } = useScreen();
  const parts = rule.conditions.map((c) =>
    c.kind === 'boughtAt'
      ? boughtAt(t, c.deviceIds.length, c.pointIds.length)
      : c.kind === 'spent'
        ? t('group.behaviour.summary.spent', { amount: formatYuan(c.minFen) })
        : c.kind === 'boughtProduct'
          ? t('group.behaviour.summary.boughtProduct', { count: c.productIds.length })
          : t('group.behaviour.summary.lapsed'),
  );
  return (
    <Text data-testid="group-rule">
      {t('group.behaviour.summaryWindow', { count: rule.days })}
      {parts.join(t('group.behaviour.and'))}
    </Text>
  );
}

export function Freshness({ group }: { group: GroupItem }) {
  const { t } = useScreen();
  const styles = useStyles();
  return (
    <span className={styles.fresh}>
      <Text>{group.computedAt ? formatTime(group.computedAt) : t('group.notComputed')}</Text>
      {group.computing && (
        <Badge appearance="tint" color="informative" data-testid="group-computing">
          {t('group.computing')}
        </Badge>
      )}
    </span>
  );
}
