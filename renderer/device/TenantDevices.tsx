/**
 * A distributor's devices, read only: the distributor page's tab (the tenant
 * domain's `tenant.devices` port, met here lazily). A second-level
 * distributor's tab leads to devBind, where devices are handed over.
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { TenantDetail } from '../../shared/tenant/index.js';
import { mayOpen } from '../app/session.js';
import { ResourceList, useResource, useScreen } from '../kit/index.js';
import { distributorDevicesPath } from '../tenant/index.js';
import { useDeviceColumns } from './DeviceTable.js';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  note: { color: tokens.colorNeutralForeground2 },
});

export default function TenantDevices({ tenant }: { tenant: TenantDetail }) {
  const { t, user, navigate } = useScreen();
  const styles = useStyles();
  const devices = useResource('device.page', {
    ns: 'tenant.page',
    testId: 'distributor-device',
    empty: {},
    body: () => ({ tenantId: tenant.tenantId }),
  });
  return (
    <ResourceList
      resource={devices}
      untitled
      title={t('tenant.page.tabs.devices')}
      columns={useDeviceColumns()}
      rowKey={(d) => d.id}
      table={{ size: 'small', rowData: (d) => ({ 'data-device-id': d.id }) }}
      intro={
        <div className={styles.row}>
          <Text className={styles.note}>{t('tenant.page.devicesNote')}</Text>
          {tenant.parent !== null && mayOpen(user, '7-3') && (
            <Button
              onClick={() => void navigate(distributorDevicesPath(tenant.tenantId))}
              data-testid="distributor-page-devices-move"
            >
              {t('tenant.page.moveDevices')}
            </Button>
          )}
        </div>
      }
    />
  );
}
