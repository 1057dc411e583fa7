/**
 * /deviceList/firmware/package?id= (hidden): one package — its model and
 * module, version and the lowest it upgrades from, state, file with its
 * size and SHA-256, who uploaded it and when, when it was released or
 * withdrawn, how many of the reader's devices of the model run it now — and
 * its release notes in both languages. The admin releases, withdraws or
 * deletes a draft from here.
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CODE } from '../../shared/domains.js';
import type { PackageDetail } from '../../shared/firmware/index.js';
import { formatBytes, formatTime } from '../../shared/format.js';
import { useDetail } from '../app/detail.js';
import { DetailPage, InfoList, useScreen, type InfoItem } from '../kit/index.js';
import { FIRMWARE_PATH } from './paths.js';
import { RolloutsPanel } from './RolloutsPanel.js';
import { StateBadge } from './StateBadge.js';
import { usePackageActions } from './usePackageActions.js';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  notes: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  hash: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

export default function PackagePage() {
  const { t, user, client, navigate } = useScreen();
  const styles = useStyles();
  const admin = user.roleKind === 'admin';
  const { act, dialog } = usePackageActions({
    refresh: () => client.invalidateQueries({ queryKey: ['firmware.info'] }),
    deleted: () => void navigate(FIRMWARE_PATH),
  });
  const { gate, data, back } = useDetail('firmware.info', {
    backTo: FIRMWARE_PATH,
    backLabel: t('common.back'),
    testId: 'firmware-package',
    notFoundCode: CODE.packageNotFound,
    invalidId: t('firmware.route.package'),
  });
  if (gate) return gate;
  const p = data;
  return (
    <DetailPage
      id="firmware-package"
      title={`${p.modelName} · ${t(`device.modules.names.${p.module}`)} · ${p.version}`}
      back={back}
      titleTestId="firmware-package-title"
      actions={
        <div className={styles.actions}>
          <StateBadge state={p.state} testId="firmware-package-state" />
          {admin && p.state === 'draft' && (
            <Button appearance="primary" onClick={() => act('release', p)} data-testid="firmware-package-release">
              {t('firmware.release')}
            </Button>
          )}
          {admin && p.state === 'released' && (
            <Button onClick={() => act('withdraw', p)} data-testid="firmware-package-withdraw">
              {t('firmware.withdraw')}
            </Button>
          )}
          {admin && p.state === 'draft' && (
            <Button onClick={() => act('delete', p)} data-testid="firmware-package-delete">
              {t('common.delete')}
            </Button>
          )}
        </div>
      }
    >
      <div className={styles.body}>
        <InfoList items={facts(p, t, styles.hash)} />
        {(['notesZh', 'notesEn'] as const).map((name) => (
          <section key={name} className={styles.notes} aria-label={t(`firmware.${name}`)}>
            <Text weight="semibold">{t(`firmware.${name}`)}</Text>
            <Text className={styles.text} data-testid={`firmware-package-${name}`}>
              {p[name] || '—'}
            </Text>
          </section>
        ))}
        <RolloutsPanel pkg={p} />
      </div>
      {dialog}
    </DetailPage>
  );
}

type T = ReturnType<typeof useScreen>['t'];

function facts(p: PackageDetail, t: T, hash: string): InfoItem[] {
  const items: (InfoItem | false)[] = [
    { label: t('firmware.model'), value: p.modelName },
    { label: t('firmware.module'), value: t(`device.modules.names.${p.module}`) },
    { label: t('firmware.version'), value: p.version, testId: 'firmware-package-version' },
    { label: t('firmware.fromVersion'), value: p.fromVersion ?? t('firmware.anyVersion') },
    { label: t('firmware.fileName'), value: p.fileName },
    { label: t('firmware.size'), value: formatBytes(p.size) },
    {
      label: t('firmware.sha256'),
      value: <span className={hash}>{p.sha256}</span>,
      testId: 'firmware-package-sha256',
    },
    {
      label: t('firmware.running'),
      value: t('firmware.runningOf', { running: p.running, devices: p.devices }),
      testId: 'firmware-package-running',
    },
    { label: t('firmware.createdAt'), value: formatTime(p.createdAt) },
    p.createdBy !== null && { label: t('firmware.createdBy'), value: p.createdBy },
    p.releasedAt !== null && { label: t('firmware.releasedAt'), value: formatTime(p.releasedAt) },
    p.withdrawnAt !== null && { label: t('firmware.withdrawnAt'), value: formatTime(p.withdrawnAt) },
  ];
  return items.filter((i): i is InfoItem => i !== false);
}
