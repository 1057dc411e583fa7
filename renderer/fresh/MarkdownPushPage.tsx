/**
 * /freshFood/markdowns/push?id= (hidden): one send of the markdown ladders
 * to the machines — the ladders as they were sent, and each machine's step
 * (waiting for its heartbeat, delivered, applied, failed with its reason,
 * cancelled by a later send) — read again every 15 s while open. The fleet's
 * view of pushes opens it too (the device domain's `markdownPushPage` port).
 */
import { makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { CODE } from '../../shared/domains.js';
import { deviceLabel, PUSH_STEPS } from '../../shared/device/index.js';
import { formatTime } from '../../shared/format.js';
import type { MarkdownPushDetail, MarkdownPushDevice } from '../../shared/fresh/index.js';
import { useDetail } from '../app/detail.js';
import { DataTable, DetailPage, InfoList, OverflowText, useScreen, type Column } from '../kit/index.js';
import { MARKDOWNS_PATH } from './paths.js';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxWidth: '720px' },
  ladders: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

export default function MarkdownPushPage() {
  const { t } = useScreen();
  const styles = useStyles();
  const { gate, data, back } = useDetail('fresh.markdownPush', {
    backTo: MARKDOWNS_PATH,
    backLabel: t('fresh.push.back'),
    testId: 'fresh-push-page',
    notFoundCode: CODE.markdownPushNotActive,
    invalidId: t('fresh.push.notFound'),
    refetchInterval: 15_000,
  });
  if (gate) return gate;
  const p = data;
  const count = (step: MarkdownPushDevice['step']) => p.devices.filter((d) => d.step === step).length;
  const ended = count('done') + count('failed') + count('cancelled');
  return (
    <DetailPage
      id="fresh-push-page"
      title={t('fresh.push.pageTitle', { id: p.id })}
      back={back}
      wide
      titleTestId="fresh-push-title"
    >
      <div className={styles.body}>
        <InfoList
          items={[
            { label: t('common.tenant'), value: p.tenantName },
            { label: t('fresh.push.devices'), value: String(p.devices.length) },
            { label: t('fresh.push.createdBy'), value: p.createdBy ?? '—' },
            { label: t('fresh.push.createdAt'), value: formatTime(p.createdAt) },
          ]}
        />
        <section className={styles.progress} aria-label={t('fresh.push.state')}>
          <Text weight="semibold" data-testid="fresh-push-counts">
            {PUSH_STEPS.filter((s) => count(s) > 0)
              .map((s) => `${t(`fresh.push.states.${s}`)} ${count(s)}`)
              .join(' · ')}
          </Text>
          <ProgressBar value={p.devices.length ? ended / p.devices.length : 0} aria-label={t('fresh.push.state')} />
        </section>
        <section className={styles.ladders} aria-label={t('fresh.push.ladders')}>
          <Text weight="semibold">{t('fresh.push.ladders')}</Text>
          {p.ladders.map((l, i) => (
            <Text key={i} data-testid="fresh-push-ladder">
              {`${l.categoryName ?? t('fresh.markdowns.general')}: ${l.steps
                .map((s) => t('fresh.markdowns.step', { hours: s.hoursLeft, percent: s.percentOff }))
                .join(t('common.listSeparator'))}`}
            </Text>
          ))}
        </section>
        <Devices push={p} />
      </div>
    </DetailPage>
  );
}

function Devices({ push }: { push: MarkdownPushDetail }) {
  const { t } = useScreen();
  const columns = useMemo<Column<MarkdownPushDevice>[]>(
    () => [
      {
        id: 'device',
        header: t('fresh.push.device'),
        minWidth: 140,
        width: 240,
        grow: 1,
        hideable: false,
        render: (d) => <OverflowText text={deviceLabel(d)} />,
      },
      {
        id: 'state',
        header: t('fresh.push.state'),
        minWidth: 90,
        width: 120,
        cellTestId: 'fresh-push-state',
        value: (d) => t(`fresh.push.states.${d.step}`),
      },
      {
        id: 'reason',
        header: t('fresh.push.reason'),
        minWidth: 100,
        width: 180,
        fold: 1,
        render: (d) => (
          <OverflowText
            text={
              d.step === 'cancelled' && d.reason?.startsWith('#')
                ? t('fresh.push.replacedBy', { push: d.reason })
                : (d.reason ?? '')
            }
          />
        ),
      },
      {
        id: 'deliveredAt',
        header: t('fresh.push.deliveredAt'),
        kind: 'time',
        fold: 2,
        value: (d) => d.deliveredAt ?? '',
      },
      { id: 'endedAt', header: t('fresh.push.endedAt'), kind: 'time', value: (d) => d.endedAt ?? '' },
    ],
    [t],
  );
  return (
    <DataTable
      label={t('fresh.push.devices')}
      columns={columns}
      rows={push.devices}
      view={push.devices.length ? 'rows' : 'empty'}
      rowKey={(d) => d.deviceId}
      rowTestId="fresh-push-device"
      testId="fresh-push-devices"
    />
  );
}
