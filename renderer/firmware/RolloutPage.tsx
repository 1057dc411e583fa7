/**
 * /deviceList/firmware/rollout?id= (hidden): one rollout's progress, live —
 * each stage's devices done, failed and under way, every device's step,
 * progress, attempts and last failure (the firmware live events read it
 * again as machines report) — with approve, pause, resume, cancel (asks
 * first) and retry the failed as its state allows.
 */
import { makeStyles, MessageBar, MessageBarBody, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { CODE } from '../../shared/domains.js';
import { businessMinuteOfDay } from '../../shared/business-time.js';
import {
  inWindow,
  JOB_STATES,
  type JobItem,
  type JobState,
  type RolloutAction,
  type RolloutDetail,
} from '../../shared/firmware/index.js';
import { formatTime } from '../../shared/format.js';
import { deviceLabel } from '../../shared/device/index.js';
import { useDetail } from '../app/detail.js';
import { useOpMutation } from '../bridge.js';
import {
  ActionButton,
  ChoiceFilter,
  ConfirmDialog,
  DetailPage,
  InfoList,
  OverflowText,
  ResourceList,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { FIRMWARE_PATH } from './paths.js';
import { JobStateBadge, RolloutStateBadge } from './RolloutStateBadge.js';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  stage: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxWidth: '720px' },
});

/** The actions a rollout's state allows. */
function allowed(r: RolloutDetail): RolloutAction[] {
  const list: RolloutAction[] = [];
  if (r.state === 'approval') list.push('approve');
  if (r.state === 'running') list.push('pause');
  if (r.state === 'paused') list.push('resume');
  if (r.failed > 0 && r.state !== 'approval' && r.state !== 'cancelled') list.push('retry');
  if (r.state !== 'done' && r.state !== 'cancelled') list.push('cancel');
  return list;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export default function RolloutPage() {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const [asking, setAsking] = useState(false);
  const act = useOpMutation('firmware.rolloutAct', {
    invalidates: ['firmware.rolloutInfo', 'firmware.rolloutJobs', 'firmware.rolloutPage'],
  });
  const { gate, data, back } = useDetail('firmware.rolloutInfo', {
    backTo: FIRMWARE_PATH,
    backLabel: t('common.back'),
    testId: 'firmware-rollout-page',
    notFoundCode: CODE.rolloutNotFound,
    invalidId: t('firmware.route.rollout'),
  });
  if (gate) return gate;
  const r = data;
  const run = async (action: RolloutAction) => {
    try {
      await act.mutateAsync({ params: { id: r.id }, body: { action } });
      notify(t(`firmware.rollout.acted.${action}`));
    } catch (error) {
      report(error);
    }
  };
  return (
    <DetailPage
      id="firmware-rollout-page"
      title={t('firmware.rollout.progressTitle', {
        model: r.modelName,
        module: t(`device.modules.names.${r.module}`),
        version: r.version,
      })}
      back={back}
      wide
      titleTestId="firmware-rollout-title"
      actions={
        <div className={styles.actions}>
          <RolloutStateBadge state={r.state} testId="firmware-rollout-state" />
          {allowed(r).map((action) => (
            <ActionButton
              key={action}
              appearance={action === 'approve' ? 'primary' : 'secondary'}
              disabled={act.isPending}
              // Its creator is refused (1906), a member who sees part of it too (1917): the button says why first.
              disabledReason={
                !r.whole
                  ? t('firmware.rollout.notWhole')
                  : action === 'approve' && r.mine
                    ? t('firmware.rollout.approveNotYours')
                    : undefined
              }
              opensDialog={action === 'cancel'}
              action={() => (action === 'cancel' ? setAsking(true) : run(action))}
              data-testid={`firmware-rollout-${action}`}
            >
              {t(`firmware.rollout.actions.${action}`)}
            </ActionButton>
          ))}
        </div>
      }
    >
      <div className={styles.body}>
        {r.stoppedStage !== null && r.state === 'stopped' && (
          <MessageBar intent="error" data-testid="firmware-rollout-stopped">
            <MessageBarBody>{t('firmware.rollout.stoppedAt', { stage: r.stoppedStage })}</MessageBarBody>
          </MessageBar>
        )}
        {r.state === 'running' &&
          r.window &&
          !inWindow(businessMinuteOfDay(Date.now()), r.window.from, r.window.to) && (
            // "Running" alone read as broken while nothing moved until the night's window opened.
            <MessageBar intent="info" data-testid="firmware-rollout-waiting">
              <MessageBarBody>{t('firmware.rollout.waitingForWindow', { from: clock(r.window.from) })}</MessageBarBody>
            </MessageBar>
          )}
        <InfoList items={facts(r, t)} />
        {r.stages.map((s) => {
          const total = JOB_STATES.reduce((n, state) => n + s.counts[state], 0);
          const finished = s.counts.done + s.counts.failed + s.counts.cancelled;
          return (
            <section
              key={s.stage}
              className={styles.stage}
              aria-label={t('firmware.rollout.stage', { stage: s.stage })}
            >
              <Text weight="semibold">
                {t('firmware.rollout.stage', { stage: s.stage })} ·{' '}
                {JOB_STATES.filter((state) => s.counts[state] > 0)
                  .map((state) => `${t(`firmware.rollout.jobStates.${state}`)} ${s.counts[state]}`)
                  .join(' · ')}
              </Text>
              <ProgressBar
                value={total ? finished / total : 0}
                aria-label={t('firmware.rollout.stage', { stage: s.stage })}
                data-testid={`firmware-rollout-stage-${s.stage}`}
              />
            </section>
          );
        })}
        <Jobs id={r.id} />
      </div>
      <ConfirmDialog
        open={asking}
        danger
        title={t('firmware.rollout.actions.cancel')}
        text={t('firmware.rollout.confirmCancel')}
        confirmLabel={t('firmware.rollout.actions.cancel')}
        // Not "Cancel" beside "Cancel rollout": the way out says what it does.
        cancelLabel={t('common.back')}
        onConfirm={async () => {
          await run('cancel');
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      />
    </DetailPage>
  );
}

type T = ReturnType<typeof useScreen>['t'];

function facts(r: RolloutDetail, t: T) {
  return [
    { label: t('common.tenant'), value: r.tenantName },
    { label: t('firmware.rollout.devices'), value: String(r.devices), testId: 'firmware-rollout-devices-count' },
    { label: t('firmware.rollout.jobStates.done'), value: String(r.done), testId: 'firmware-rollout-done' },
    { label: t('firmware.rollout.jobStates.failed'), value: String(r.failed) },
    { label: t('firmware.rollout.firstStage'), value: `${r.firstStage}%` },
    { label: t('firmware.rollout.perMinute'), value: String(r.perMinute) },
    { label: t('firmware.rollout.concurrent'), value: String(r.concurrent) },
    {
      label: t('firmware.rollout.window'),
      value: r.window ? `${clock(r.window.from)}–${clock(r.window.to)}` : t('firmware.rollout.anyTime'),
    },
    { label: t('firmware.rollout.threshold'), value: `${r.threshold}%` },
    { label: t('firmware.rollout.minDevices'), value: String(r.minDevices) },
    { label: t('firmware.rollout.createdBy'), value: r.createdBy ?? '—' },
    ...(r.approvedBy ? [{ label: t('firmware.rollout.approvedBy'), value: r.approvedBy }] : []),
    { label: t('firmware.rollout.createdAt'), value: formatTime(r.createdAt) },
  ];
}

const EMPTY: { state?: JobState | undefined } = {};

function Jobs({ id }: { id: number }) {
  const { t } = useScreen();
  const jobs = useResource('firmware.rolloutJobs', {
    ns: 'firmware.rollout',
    testId: 'firmware-job',
    empty: EMPTY,
    params: { id },
    pageSize: 50,
  });
  const { column, source } = jobs;
  const columns = useMemo<Column<JobItem>[]>(
    () => [
      column('name', {
        header: t('firmware.rollout.devices'),
        minWidth: 140,
        width: 220,
        grow: 1,
        hideable: false,
        render: (j) => <OverflowText text={deviceLabel(j)} />,
      }),
      column('stage', {
        header: t('firmware.rollout.stageColumn'),
        kind: 'number',
        minWidth: 60,
        value: (j) => j.stage,
      }),
      column('state', {
        header: t('firmware.state'),
        minWidth: 90,
        width: 110,
        testId: true,
        render: (j) => <JobStateBadge state={j.state} />,
      }),
      column('progress', { minWidth: 70, value: (j) => `${j.progress}%` }),
      column('attempts', { kind: 'number', minWidth: 70, value: (j) => j.attempts }),
      column('from', {
        header: t('firmware.rollout.versionFromNow'),
        minWidth: 110,
        fold: 2,
        value: (j) =>
          `${j.fromVersion ?? t('firmware.rollout.noVersion')} → ${j.nowVersion ?? t('firmware.rollout.noVersion')}`,
      }),
      column('error', { minWidth: 90, width: 140, fold: 1, render: (j) => <OverflowText text={j.error ?? ''} /> }),
      column('updatedAt', { kind: 'time', fold: 3, value: (j) => j.updatedAt }),
    ],
    [t, column],
  );
  return (
    <ResourceList
      resource={jobs}
      nested
      title={t('firmware.rollout.devices')}
      columns={columns}
      rowKey={(j) => j.deviceId}
      filters={
        <ChoiceFilter
          {...source('state', t('firmware.state'))}
          options={JOB_STATES}
          optionLabel={(s) => t(`firmware.rollout.jobStates.${s}`)}
        />
      }
    />
  );
}
