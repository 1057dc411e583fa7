/** The page of points with its row actions. */
import {
  Button, makeStyles, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular, LinkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { PointItem } from '../../shared/api/point.js';
import { formatDateTime } from '../app/format.js';

const useStyles = makeStyles({
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS, flexWrap: 'nowrap' },
  narrow: { width: '90px' },
  time: { width: '170px' },
  wide: { width: '270px' },
  empty: { textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

export interface PointTableProps {
  rows: readonly PointItem[];
  loading: boolean;
  canBind: boolean;
  onEdit: (point: PointItem) => void;
  onBind: (point: PointItem) => void;
  onDelete: (point: PointItem) => void;
}

export function PointTable({ rows, loading, canBind, onEdit, onBind, onDelete }: PointTableProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const columns = [
    { label: t('point.name') },
    { label: t('point.area') },
    { label: t('point.address') },
    { label: t('point.deviceCount'), className: styles.narrow },
    { label: t('point.tenantName') },
    { label: t('point.createdAt'), className: styles.time },
    { label: t('common.actions'), className: styles.wide },
  ];
  return (
    <Table className={styles.table} aria-label={t('point.list')} aria-busy={loading} data-testid="point-table">
      <TableHeader>
        <TableRow>
          {columns.map((c) => <TableHeaderCell key={c.label} className={c.className}>{c.label}</TableHeaderCell>)}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} className={styles.empty}>{loading ? t('common.loading') : t('common.empty')}</TableCell>
          </TableRow>
        )}
        {rows.map((p) => (
          <TableRow key={p.id} data-testid="point-row" data-point-id={p.id}>
            <TableCell>{p.name}</TableCell>
            <TableCell>{p.area}</TableCell>
            <TableCell>{p.address}</TableCell>
            <TableCell>{p.deviceCount}</TableCell>
            <TableCell>{p.tenantName}</TableCell>
            <TableCell>{formatDateTime(p.createdAt)}</TableCell>
            <TableCell>
              <div className={styles.actions}>
                <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => onEdit(p)} data-testid="point-edit">{t('common.edit')}</Button>
                {canBind && (
                  <Button size="small" appearance="subtle" icon={<LinkRegular />} onClick={() => onBind(p)} data-testid="point-bind">{t('point.bind')}</Button>
                )}
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(p)} data-testid="point-delete">{t('common.delete')}</Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
