/**
 * /orderManagement/customerService (spec §2 customer complaints, code 6-3;
 * the top bar's information icon leads here): complaints newest first by
 * status, type, number and tenant; each opens to be handled, here or in a
 * window of its own (double-click). New ones arrive live.
 */
import { Badge, Button, makeStyles, Title3, tokens } from '@fluentui/react-components';
import { OpenRegular, WindowNewRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COMPLAINT_STATES, COMPLAINT_TYPES, type ComplaintItem } from '../../shared/complaint/index.js';
import { useUser } from '../app/session.js';
import { useOpenWindow } from '../app/windows.js';
import {
  ActionButton,
  Choice,
  DataTable,
  FilterBar,
  FilterField,
  OverflowText,
  Pager,
  seesTenants,
  TenantFilter,
  useListPage,
  type Column,
  TextFilter,
} from '../kit/index.js';
import { complaintDetailPath, STATE_COLOURS } from './paths.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', flexWrap: 'nowrap', gap: tokens.spacingHorizontalXXS },
  action: { minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
  dropdown: { minWidth: 0, width: '100%' },
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
  const { draft, setDraft, apply, reset, table, pager } = useListPage('complaint.page', { empty: EMPTY });

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
      ...(byTenant
        ? [
            {
              id: 'tenant',
              header: t('common.tenant'),
              value: (c: ComplaintItem) => c.tenantName,
              minWidth: 96,
              width: 150,
            },
          ]
        : []),
      { id: 'createdAt', header: t('complaint.createdAt'), kind: 'time', value: (c) => c.createdAt },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 110,
        width: 120,
        shrinkLast: true,
        render: (c) => (
          <div className={styles.actions}>
            <ActionButton
              className={styles.action}
              size="small"
              appearance="subtle"
              icon={<OpenRegular />}
              action={() => void navigate(complaintDetailPath(c.id))}
              data-testid="complaint-open"
            >
              {t(c.status === 'completed' ? 'complaint.view' : 'complaint.open')}
            </ActionButton>
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
          </div>
        ),
      },
    ],
    [t, styles, byTenant, navigate, openWindow],
  );

  return (
    <section className={styles.page} aria-labelledby="complaint-list-title">
      <Title3 as="h1" id="complaint-list-title">
        {t('complaint.title')}
      </Title3>
      <div className={styles.head}>
        <FilterBar onSearch={apply} onReset={reset} searchTestId="complaint-search" resetTestId="complaint-reset">
          <TextFilter
            label={t('complaint.numberFilter')}
            value={draft.number}
            maxLength={24}
            onChange={(number) => setDraft((f) => ({ ...f, number }))}
            testId="complaint-filter-number"
          />
          <FilterField label={t('complaint.status')}>
            <Choice
              className={styles.dropdown}
              value={draft.status}
              options={COMPLAINT_STATES}
              label={(s) => t(`complaint.states.${s}`)}
              all={t('common.all')}
              onChange={(status) => setDraft((f) => ({ ...f, status }))}
              testId="complaint-filter-status"
            />
          </FilterField>
          <FilterField label={t('complaint.type')}>
            <Choice
              className={styles.dropdown}
              value={draft.type}
              options={COMPLAINT_TYPES}
              label={(s) => t(`complaint.types.${s}`)}
              all={t('common.all')}
              onChange={(type) => setDraft((f) => ({ ...f, type }))}
              testId="complaint-filter-type"
            />
          </FilterField>
          <TenantFilter
            label={t('common.tenant')}
            value={draft.tenantId}
            onChange={(tenantId) => setDraft((f) => ({ ...f, tenantId }))}
            testId="complaint-filter-tenant"
          />
        </FilterBar>
      </div>
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
    </section>
  );
}
