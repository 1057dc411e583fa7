/** Devices with checkboxes (bound and free lists of the bind screen). */
import {
  Badge, Checkbox, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '../../shared/api/device.js';

const useStyles = makeStyles({
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  check: { width: '44px' },
  empty: { textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

export interface DeviceTableProps {
  label: string;
  rows: readonly DeviceItem[];
  loading: boolean;
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  rowTestId: string;
  /** Read-only without the right to bind (no checkboxes). */
  selectable: boolean;
}

export function DeviceTable({ label, rows, loading, selected, onSelect, rowTestId, selectable }: DeviceTableProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const chosen = rows.filter((d) => selected.has(d.id)).length;
  const all = rows.length > 0 && chosen === rows.length;
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    onSelect(next);
  };
  const columns = [t('device.name'), t('device.serial'), t('device.type'), t('device.model'), t('device.onlineState'), t('device.activation')];
  return (
    <Table className={styles.table} aria-label={label} aria-busy={loading} size="small">
      <TableHeader>
        <TableRow>
          {selectable && (
            <TableHeaderCell className={styles.check}>
              <Checkbox aria-label={t('bind.selectAll')} checked={all ? true : chosen > 0 ? 'mixed' : false} disabled={rows.length === 0}
                onChange={() => onSelect(all ? new Set() : new Set(rows.map((d) => d.id)))} />
            </TableHeaderCell>
          )}
          {columns.map((c) => <TableHeaderCell key={c}>{c}</TableHeaderCell>)}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length + (selectable ? 1 : 0)} className={styles.empty}>{loading ? t('common.loading') : t('common.empty')}</TableCell>
          </TableRow>
        )}
        {rows.map((d) => (
          <TableRow key={d.id} data-testid={rowTestId} data-device-id={d.id}>
            {selectable && (
              <TableCell className={styles.check}>
                <Checkbox aria-label={t('bind.selectRow', { name: d.serial })} checked={selected.has(d.id)} onChange={() => toggle(d.id)} />
              </TableCell>
            )}
            <TableCell>{d.name}</TableCell>
            <TableCell data-testid="device-serial">{d.serial}</TableCell>
            <TableCell>{t(`device.types.${d.type}`)}</TableCell>
            <TableCell>{d.model}</TableCell>
            <TableCell>
              <Badge appearance="tint" color={d.online ? 'success' : 'subtle'}>{t(d.online ? 'device.online' : 'device.offline')}</Badge>
            </TableCell>
            <TableCell>{t(d.activated ? 'device.activated' : 'device.notActivated')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
