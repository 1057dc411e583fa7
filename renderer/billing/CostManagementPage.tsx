/**
 * /costManagement (spec §2 service fee management): each device's service
 * end date and days left, those ending within 30 days (or ended) first and
 * flagged; a device's renewal history; renewing a device or a selection
 * opens the payment centre with them chosen.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { HistoryRegular, PaymentRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import type { FeeDevice } from '../../shared/billing/index.js';
import { formatYuan } from '../../shared/format.js';
import { useOp } from '../bridge.js';
import { BulkAction, BulkBar, ResourceList, RowActions, useScreen, useSelection } from '../kit/index.js';
import { feeDeviceRowData, FeeDeviceFilters, formatDate, useFeeDeviceColumns, useFeeDevices } from './feeDevices.js';
import { payCenterPath } from './paths.js';

export default function CostManagementPage() {
  const { t, user, navigate } = useScreen();
  const devices = useFeeDevices('fee-devices');
  const selection = useSelection(devices.rows);
  const [history, setHistory] = useState<FeeDevice | null>(null);
  // Only a tenant pays: the admin sees the dates (and sets the fee in the payment centre).
  const pays = user.roleKind === 'tenant';
  const actions = useMemo(
    () => ({
      width: pays ? 200 : 110,
      render: (d: FeeDevice) => (
        <RowActions>
          <Button
            size="small"
            appearance="subtle"
            icon={<HistoryRegular />}
            onClick={() => setHistory(d)}
            data-testid="fee-device-history"
          >
            {t('billing.devices.history')}
          </Button>
          {pays && (
            <Button
              size="small"
              appearance="subtle"
              icon={<PaymentRegular />}
              onClick={() => void navigate(payCenterPath([d.id]))}
              data-testid="fee-device-renew"
            >
              {t('billing.devices.renew')}
            </Button>
          )}
        </RowActions>
      ),
    }),
    [t, pays, navigate],
  );

  const columns = useFeeDeviceColumns(devices, actions);

  return (
    <ResourceList
      resource={devices}
      title={t('route.costManagement')}
      columns={columns}
      rowKey={(d) => d.id}
      filters={<FeeDeviceFilters devices={devices} />}
      aboveTable={
        pays && (
          <BulkBar label={t('billing.renew.selected', { count: selection.ids.length })}>
            <BulkAction
              disabled={selection.ids.length === 0}
              action={() => navigate(payCenterPath(selection.ids))}
              testId="fee-renew-selected"
            >
              {t('billing.devices.renewSelected')}
            </BulkAction>
          </BulkBar>
        )
      }
      table={{
        rowData: feeDeviceRowData,
        selection: pays
          ? {
              selected: selection.selected,
              onChange: selection.setSelected,
              rowLabel: (d) => t('billing.renew.selectRow', { name: d.name }),
              allLabel: t('billing.renew.selectAll'),
            }
          : undefined,
      }}
    >
      {history && <HistoryDialog device={history} onClose={() => setHistory(null)} />}
    </ResourceList>
  );
}

function HistoryDialog({ device, onClose }: { device: FeeDevice; onClose: () => void }) {
  const { t } = useScreen();
  const renewals = useOp('billing.history', { params: { id: device.id } });
  return (
    <Dialog
      open
      onOpenChange={(_, d) => {
        if (!d.open) onClose();
      }}
    >
      <DialogSurface data-testid="fee-history">
        <DialogBody>
          <DialogTitle>{t('billing.devices.historyTitle', { name: device.name })}</DialogTitle>
          <DialogContent>
            {renewals.data?.length === 0 && (
              <Text data-testid="fee-history-empty">{t('billing.devices.historyEmpty')}</Text>
            )}
            {!!renewals.data?.length && (
              <Table size="small" aria-label={t('billing.devices.history')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('billing.bills.number')}</TableHeaderCell>
                    <TableHeaderCell>{t('billing.renew.plan')}</TableHeaderCell>
                    <TableHeaderCell>{t('billing.bills.amount')}</TableHeaderCell>
                    <TableHeaderCell>{t('billing.devices.before')}</TableHeaderCell>
                    <TableHeaderCell>{t('billing.devices.after')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {renewals.data.map((r) => (
                    <TableRow key={r.id} data-testid="fee-history-row">
                      <TableCell>{r.number}</TableCell>
                      <TableCell>{t('billing.renew.months', { count: r.months })}</TableCell>
                      <TableCell>{formatYuan(r.amount)}</TableCell>
                      <TableCell>{formatDate(r.expiryBefore) || '—'}</TableCell>
                      <TableCell>{formatDate(r.expiryAfter)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
