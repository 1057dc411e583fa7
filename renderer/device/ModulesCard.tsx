/**
 * A device's modules (shared/device/modules.ts): the version each last
 * reported in the machine's heartbeat, and when — what a firmware rollout
 * would change. Said plainly when the machine has reported none.
 */
import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../app/format.js';
import { useOp } from '../bridge.js';
import { InfoList } from '../kit/index.js';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  when: { color: tokens.colorNeutralForeground3 },
});

export function ModulesCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const modules = useOp('device.modules', { params: { id: deviceId } });
  return (
    <Card className={styles.card} aria-label={t('device.modules.title')} data-testid="device-modules">
      <Text as="h2" weight="semibold" size={400}>
        {t('device.modules.title')}
      </Text>
      {modules.data && modules.data.length === 0 && <Text>{t('device.modules.none')}</Text>}
      {modules.data && modules.data.length > 0 && (
        <InfoList
          items={modules.data.map((m) => ({
            label: t(`device.modules.names.${m.module}`),
            value: (
              <>
                {m.version}{' '}
                <Text size={200} className={styles.when}>
                  {t('device.modules.reportedAt')} {formatDateTime(m.reportedAt)}
                </Text>
              </>
            ),
            testId: `device-module-${m.module}`,
          }))}
        />
      )}
    </Card>
  );
}
