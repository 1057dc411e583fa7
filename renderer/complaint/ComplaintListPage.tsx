/**
 * /orderManagement/customerService (spec §2 customer complaints, code 6-3;
 * the top bar's information icon leads here): complaints newest first by
 * status, type, number and tenant; each opens to be handled, here or in a
 * window of its own (double-click). New ones arrive live.
 */
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { OpenRegular, WindowNewRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COMPLAINT_STATES, COMPLAINT_TYPES, type ComplaintItem } from '../../shared/complaint/index.js';
import { useUser } from '../app/session.js';
import { useOpenWindow } from '../app/windows.js';
import {
  DataTable,
  FilterBar,
  OverflowText,
  Pager,
  seesTenants,
  TenantFilter,
  useListPage,
  tenantColumn,
  type Column,
  TextFilter,
  RowAction,
  RowActions,
  ListPage,
  ChoiceFilter,
} from '../kit/index.js';
import { complaintDetailPath, STATE_COLOURS } from './paths.js';

const useStyles = makeStyles({
  action: { minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

interface Filter {
  number: string;
  status?: ComplaintItem['status'] | undefined;
  type?: ComplaintItem['type'] | undefined;
  tenantId?: number | undefined;
}
const EMPTY: Filter = { number: '' };

export default function ComplaintListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const openWindow = useOpenWindow();
  const byTenant = seesTenants(useUser());
  const { field, apply, reset, table, pager } = useListPage('complaint.page', { empty: EMPTY });

  const columns = useMemo<Column<ComplaintItem>[]>(
    () => [
      {
        id: 'number',
        header: t('complaint.number'),
        minWidth: 170,
        width: 180,
        value: (c) => c.number,
        cellTestId: 'complaint-number',
        hideable: false,
      },
      { id: 'order', header: t('complaint.orderNumber'), minWidth: 180, width: 190, value: (c) => c.orderNumber },
      { id: 'amount', header: t('complaint.amount'), kind: 'money', value: (c) => c.amount },
      {
        id: 'type',
        fold: 2,
        header: t('complaint.type'),
        minWidth: 96,
        width: 120,
        value: (c) => t(`complaint.types.${c.type}`),
      },
      {
        id: 'status',
        header: t('complaint.status'),
        minWidth: 88,
        width: 100,
        cellTestId: 'complaint-status',
        render: (c) => (
          <Badge appearance="tint" color={STATE_COLOURS[c.status]}>
            {t(`complaint.states.${c.status}`)}
          </Badge>
        ),
      },
      {
        id: 'description',
        header: t('complaint.description'),
        render: (c) => <OverflowText text={c.description} />,
        minWidth: 140,
        width: 240,
        grow: 2,
      },
      { id: 'contact', fold: 1, header: t('complaint.contact'), minWidth: 110, width: 130, value: (c) => c.contact },
      {
        id: 'device',
        fold: 3,
        header: t('complaint.device'),
        render: (c) => <OverflowText text={c.deviceName} />,
        minWidth: 110,
        width: 160,
      },
      ...tenantColumn<ComplaintItem>(byTenant, t('common.tenant')),
      { id: 'createdAt', header: t('complaint.createdAt'), kind: 'time', value: (c) => c.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 110,
        width: 120,
        shrinkLast: true,
        render: (c) => (
          <RowActions compact>
            <RowAction
              icon={<OpenRegular />}
              action={() => void navigate(complaintDetailPath(c.id))}
              testId="complaint-open"
            >
              {t(c.status === 'completed' ? 'complaint.view' : 'complaint.open')}
            </RowAction>
            <Button
              className={styles.action}
              size="small"
              appearance="subtle"
              icon={<WindowNewRegular />}
              aria-label={t('order.list.newWindow')}
              title={t('order.list.newWindow')}
              onClick={() => openWindow(complaintDetailPath(c.id))}
              data-testid="complaint-window"
            />
          </RowActions>
        ),
      },
    ],
    [t, styles, byTenant, navigate, openWindow],
  );

  return (
    <ListPage
      id="complaint-list-title"
      title={t('complaint.title')}
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="complaint-search" resetTestId="complaint-reset">
          <TextFilter
            label={t('complaint.numberFilter')}
            {...field('number')}
            maxLength={24}
            testId="complaint-filter-number"
          />
          <ChoiceFilter
            label={t('complaint.status')}
            {...field('status')}
            options={COMPLAINT_STATES}
            optionLabel={(s) => t(`complaint.states.${s}`)}
            testId="complaint-filter-status"
          />
          <ChoiceFilter
            label={t('complaint.type')}
            {...field('type')}
            options={COMPLAINT_TYPES}
            optionLabel={(s) => t(`complaint.types.${s}`)}
            testId="complaint-filter-type"
          />
          <TenantFilter label={t('common.tenant')} {...field('tenantId')} testId="complaint-filter-tenant" />
        </FilterBar>
      }
    >
      <DataTable
        label={t('complaint.title')}
        columns={columns}
        {...table}
        rowKey={(c) => c.id}
        onRowOpen={(c) => openWindow(complaintDetailPath(c.id))}
        rowTestId="complaint-row"
        testId="complaint-table"
      />
      <Pager {...pager} testId="complaint-pager" />
    </ListPage>
  );
}
