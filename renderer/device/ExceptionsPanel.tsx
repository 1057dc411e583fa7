/**
 * The exceptions view (beyond the spec): every device that needs someone —
 * offline, faulted, locked, low on stock, service expiring — worst first,
 * each row with the action that fixes it. Device events refresh it live.
 */
import { formatDay } from '../../shared/format.js';
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { PROBLEMS, type ExceptionItem, type Problem } from '../../shared/device/index.js';
import { useOpMutation } from '../bridge.js';
import { formatRelative } from '../app/format.js';
import {
  ChoiceFilter,
  OverflowText,
  ResourceList,
  RowAction,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { currentLang } from '../i18n/index.js';
import { devSetPath } from './paths.js';
import { PickListDialog } from './PickListDialog.js';

const useStyles = makeStyles({
  badges: { display: 'flex', flexWrap: 'wrap', gap: '2px' },
  detail: { color: tokens.colorNeutralForeground3 },
});

const EMPTY: { problem?: Problem | undefined } = {};

const COLORS: Readonly<Record<Problem, 'danger' | 'warning' | 'informative' | 'important'>> = {
  fault: 'danger',
  offline: 'informative',
  locked: 'important',
  lowStock: 'warning',
  expiring: 'warning',
  quiet: 'informative',
  runningOut: 'warning',
  channelLocked: 'danger',
};

/** The payment centre, where the service fee is renewed (spec §2 top-bar shortcut), with the device chosen (`?devices=`: renderer/billing/paths.ts; by path, since billing builds on devices and not back). */
const RENEW_PATH = '/payCenter';

export function ExceptionsPanel() {
  const { t, notify, report, navigate } = useScreen();
  const styles = useStyles();
  const exceptions = useResource('device.exceptions', { ns: 'device.care', testId: 'exception', empty: EMPTY });
  const { column, source, labels, text } = exceptions;
  const [picking, setPicking] = useState<number[] | null>(null);
  const lock = useOpMutation('device.lock', { invalidates: ['device.page', 'device.info', 'device.exceptions'] });
  const channels = useOpMutation('device.channelUpdate', { invalidates: ['device.channels', 'device.exceptions'] });

  const unlock = async (d: ExceptionItem) => {
    try {
      await lock.mutateAsync({ body: { ids: [d.id], locked: false } });
      notify(t('device.list.changed', { count: 1 }));
    } catch (error) {
      report(error, { fallback: t('device.list.changeFailed') });
    }
  };

  // Channels that locked themselves after failed vends: unlocked together, which starts their count of failures again.
  const unlockChannels = async (d: ExceptionItem) => {
    try {
      await channels.mutateAsync({
        params: { id: d.id },
        body: { numbers: d.lockedChannels, patch: { locked: false } },
      });
      notify(t('device.list.changed', { count: 1 }));
    } catch (error) {
      report(error, { fallback: t('device.list.changeFailed') });
    }
  };

  const columns = useMemo<Column<ExceptionItem>[]>(
    () => [
      column('name', {
        header: t('device.name'),
        render: (d) => <OverflowText text={d.name} />,
        minWidth: 120,
        width: 180,
        grow: 1,
        testId: true,
      }),
      column('serial', { header: t('device.serial'), value: (d) => d.serial, minWidth: 120, width: 140, testId: true }),
      column('point', {
        header: t('device.list.point'),
        render: (d) => <OverflowText text={d.pointName ?? '—'} />,
        minWidth: 96,
        width: 150,
      }),
      column('problems', {
        header: text('problem'),
        minWidth: 200,
        width: 320,
        grow: 2,
        testId: true,
        render: (d) => (
          <div className={styles.badges}>
            {d.problems.map((p) => (
              <Badge key={p} appearance="tint" color={COLORS[p]}>
                {labels('problems')(p)}
              </Badge>
            ))}
            <Text size={200} className={styles.detail}>
              {[
                d.faultCode && `${d.faultCode} ${d.faultMessage ?? ''}`.trim(),
                d.problems.includes('offline') && d.lastSeenAt && formatRelative(t, d.lastSeenAt),
                d.problems.includes('lowStock') && t('device.care.lowChannels', { count: d.lowChannels }),
                d.lockedChannels.length > 0 &&
                  t('device.care.lockedChannels', {
                    channels: new Intl.ListFormat(currentLang()).format(d.lockedChannels.map(String)),
                  }),
                d.problems.includes('expiring') &&
                  d.serviceExpiry &&
                  t('device.care.expiresOn', { date: formatDay(d.serviceExpiry) }),
                d.quietHours !== null && t('device.care.quietFor', { hours: Math.round(d.quietHours) }),
                d.runningOutHours !== null &&
                  (d.runningOutHours === 0
                    ? t('device.care.runningOutNow', { count: d.runningOutChannels })
                    : t('device.care.runningOutIn', {
                        count: d.runningOutChannels,
                        hours: Math.ceil(d.runningOutHours),
                      })),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
        ),
      }),
      column('fix', {
        pin: 'end',
        header: t('common.actions'),
        minWidth: 110,
        width: 130,
        shrinkLast: true,
        // The action that fixes the worst problem: a lock is lifted here, low stock gets its pick list, a lapse is renewed, the rest is looked at.
        render: (d) => {
          const fix = (action: () => unknown, label: string, opensDialog = false) => (
            <RowAction opensDialog={opensDialog} action={action} testId="exception-fix">
              {label}
            </RowAction>
          );
          if (d.problems.includes('locked')) return fix(() => unlock(d), t('device.care.fix.unlock'));
          if (d.problems.includes('channelLocked'))
            return fix(() => unlockChannels(d), t('device.care.fix.unlockChannels'));
          if (d.problems.includes('lowStock') && !d.problems.includes('fault'))
            return fix(() => setPicking([d.id]), t('device.care.fix.pick'), true);
          if (d.problems.length === 1 && d.problems[0] === 'expiring')
            return fix(() => void navigate(`${RENEW_PATH}?devices=${d.id}`), t('device.care.fix.renew'));
          return fix(() => void navigate(devSetPath(d.id)), t('device.care.fix.open'));
        },
      }),
    ],
    [t, styles, navigate, column, labels, text],
  );

  return (
    <ResourceList
      resource={exceptions}
      untitled
      title={text('tabs.exceptions')}
      columns={columns}
      rowKey={(d) => d.id}
      filters={<ChoiceFilter {...source('problem')} options={PROBLEMS} optionLabel={labels('problems')} />}
    >
      {picking && <PickListDialog deviceIds={picking} onClose={() => setPicking(null)} />}
    </ResourceList>
  );
}
