/** The devices bound to a point, with Unbind. */
import { makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PointItem } from '../../shared/point/index.js';
import type { DeviceItem } from '../../shared/device/index.js';
import { ActionButton } from '../kit/index.js';
import { DeviceTable } from '../device/index.js';
import { useBinding } from './useBinding.js';
import { useSelection } from '../kit/index.js';

export const useListStyles = makeStyles({
  block: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  // The count and its button wrap as one.
  action: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'nowrap' },
});

export function BoundDevices({
  point,
  loading,
  canBind,
}: {
  point: PointItem & { devices: DeviceItem[] };
  loading: boolean;
  canBind: boolean;
}) {
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
        <Subtitle2 as="h2" id="bound-title">
          {t('point.binding.bound')}
        </Subtitle2>
        <span className={styles.grow} />
        {canBind && (
          <div className={styles.action}>
            <Text>{t('point.binding.selected', { count: selection.ids.length })}</Text>
            <ActionButton
              appearance="primary"
              disabled={selection.ids.length === 0}
              action={onUnbind}
              data-testid="device-unbind"
            >
              {t('point.binding.unbind')}
            </ActionButton>
          </div>
        )}
      </div>
      <DeviceTable
        label={t('point.binding.bound')}
        rows={point.devices}
        view={point.devices.length === 0 ? 'empty' : 'rows'}
        busy={loading}
        selected={selection.selected}
        onSelect={selection.setSelected}
        rowTestId="bound-device-row"
        testId="bound-devices"
        selectable={canBind}
        allLabel={t('point.binding.selectAll')}
        rowLabel={(d) => t('point.binding.selectRow', { name: d.serial })}
      />
    </section>
  );
}
