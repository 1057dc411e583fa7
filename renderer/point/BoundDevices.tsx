/** The devices bound to a point, with Unbind. */
import { Button, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PointItem } from '../../shared/api/point.js';
import type { DeviceItem } from '../../shared/api/device.js';
import { DeviceTable } from './DeviceTable.js';
import { useBinding } from './useBinding.js';
import { useSelection } from './useSelection.js';

export const useListStyles = makeStyles({
  block: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
});

export function BoundDevices({ point, loading, canBind }: { point: PointItem & { devices: DeviceItem[] }; loading: boolean; canBind: boolean }) {
  const { t } = useTranslation();
  const styles = useListStyles();
  const unbind = useBinding('point.unbind', point.id);
  const selection = useSelection(point.devices);

  const onUnbind = async () => {
    if (await unbind.run(selection.ids)) selection.clear();
  };

  return (
    <section className={styles.block} aria-labelledby="bound-title">
      <div className={styles.bar}>
        <Subtitle2 as="h2" id="bound-title">{t('bind.bound')}</Subtitle2>
        <span className={styles.grow} />
        {canBind && (
          <>
            <Text>{t('bind.selected', { count: selection.ids.length })}</Text>
            <Button appearance="primary" disabled={selection.ids.length === 0 || unbind.isPending} onClick={() => void onUnbind()} data-testid="device-unbind">
              {t('bind.unbind')}
            </Button>
          </>
        )}
      </div>
      <DeviceTable label={t('bind.bound')} rows={point.devices} loading={loading} selected={selection.selected}
        onSelect={selection.setSelected} rowTestId="bound-device-row" selectable={canBind} />
    </section>
  );
}
