/** The page of points with its row actions, drawn by the kit's DataTable. */
import { makeStyles } from '@fluentui/react-components';
import { EditRegular, LinkRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointItem } from '../../shared/point/index.js';
import { DataTable, type Column, type TableState, RowAction, RowActions, DeleteAction } from '../kit/index.js';

const useStyles = makeStyles({
  // The buttons wrap inside their cell when the column is at its minimum.
  // As wide as their words: Fluent's 64 px minimum would push the third button onto a second line.
  // Lines break between the names, not inside one (Chinese text may otherwise break between any two characters).
  area: { wordBreak: 'keep-all' },
});

export interface PointTableProps extends TableState<PointItem> {
  canBind: boolean;
  onEdit: (point: PointItem) => void;
  onBind: (point: PointItem) => void;
  onDelete: (point: PointItem) => void;
}

export function PointTable({ canBind, onEdit, onBind, onDelete, ...state }: PointTableProps) {
  const { t } = useTranslation();
  const styles = useStyles();

  const columns = useMemo<Column<PointItem>[]>(
    () => [
      // The minimums add up to 744 px: the whole table fits beside the side menu on a 1024 px screen, scroll bars and all.
      {
        id: 'name',
        header: t('point.name'),
        value: (p) => p.name,
        minWidth: 100,
        width: 180,
        grow: 2,
        cellTestId: 'point-name',
        hideable: false,
      },
      // Two or three division names (province, city, district): wrapped rather than cut, since the district is what tells points apart.
      {
        id: 'area',
        header: t('point.area'),
        render: (p) => <span className={styles.area}>{p.area}</span>,
        overflow: 'wrap',
        minWidth: 80,
        width: 180,
        grow: 1,
        cellTestId: 'point-area',
      },
      // Up to 100 characters, often without a space: wrap it rather than hide most of it.
      {
        id: 'address',
        header: t('point.address'),
        value: (p) => p.address,
        overflow: 'wrap',
        minWidth: 128,
        width: 220,
        grow: 3,
        cellTestId: 'point-address',
      },
      { id: 'deviceCount', fold: 2, header: t('point.deviceCount'), kind: 'number', value: (p) => p.deviceCount },
      {
        id: 'tenantName',
        header: t('point.tenantName'),
        value: (p) => p.tenantName,
        minWidth: 80,
        width: 150,
        grow: 1,
      },
      { id: 'createdAt', fold: 1, header: t('point.createdAt'), kind: 'time', value: (p) => p.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        // Three buttons on one line when there is room; two lines at the minimum.
        minWidth: canBind ? 180 : 120,
        width: canBind ? 248 : 160,
        shrinkLast: true,
        cellTestId: 'point-actions',
        render: (p) => (
          <RowActions compact wrap>
            <RowAction icon={<EditRegular />} opensDialog action={() => onEdit(p)} testId="point-edit">
              {t('common.edit')}
            </RowAction>
            {canBind && (
              <RowAction icon={<LinkRegular />} action={() => onBind(p)} testId="point-bind">
                {t('point.bind')}
              </RowAction>
            )}
            {/* Spec §5: a point with bound devices cannot be deleted; say why instead of offering a refusal. */}
            <DeleteAction
              opensDialog
              action={() => onDelete(p)}
              disabledReason={p.deviceCount > 0 ? t('point.deleteHasDevices') : undefined}
              testId="point-delete"
            />
          </RowActions>
        ),
      },
    ],
    [t, styles.area, canBind, onEdit, onBind, onDelete],
  );

  return (
    <DataTable
      label={t('point.list')}
      columns={columns}
      {...state}
      rowKey={(p) => p.id}
      rowTestId="point-row"
      rowData={(p) => ({ 'data-point-id': p.id })}
      testId="point-table"
    />
  );
}
