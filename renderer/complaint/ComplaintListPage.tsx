/**
 * /orderManagement/customerService (spec §2 customer complaints, code 6-3;
 * the top bar's information icon leads here): complaints newest first by
 * status, type, number and tenant; each opens to be handled, here or in a
 * window of its own (double-click). New ones arrive live.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { OpenRegular, WindowNewRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COMPLAINT_STATES, COMPLAINT_TYPES, type ComplaintItem } from '../../shared/complaint/index.js';
import { useOpenWindow } from '../app/windows.js';
import {
  ChoiceFilter,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TenantFilter,
  TextFilter,
  useResource,
  type Column,
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
  const complaints = useResource('complaint.page', { ns: 'complaint', testId: 'complaint', empty: EMPTY });
  const { column, source, labels, badge, tenantColumn } = complaints;

  const columns = useMemo<Column<ComplaintItem>[]>(
    () => [
      column('number', { minWidth: 170, width: 180, value: (c) => c.number, testId: true, hideable: false }),
      column('order', { header: t('complaint.orderNumber'), minWidth: 180, width: 190, value: (c) => c.orderNumber }),
      column('amount', { kind: 'money', value: (c) => c.amount }),
      column('type', { fold: 2, minWidth: 96, width: 120, value: (c) => labels('types')(c.type) }),
      column('status', {
        minWidth: 88,
        width: 100,
        testId: true,
        render: badge('states', STATE_COLOURS, (c) => c.status),
      }),
      column('description', {
        render: (c) => <OverflowText text={c.description} />,
        minWidth: 140,
        width: 240,
        grow: 2,
      }),
      column('contact', { fold: 1, minWidth: 110, width: 130, value: (c) => c.contact }),
      column('device', { fold: 3, render: (c) => <OverflowText text={c.deviceName} />, minWidth: 110, width: 160 }),
      ...tenantColumn(),
      column('createdAt', { kind: 'time', value: (c) => c.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
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
      }),
    ],
    [t, styles, navigate, openWindow, column, labels, badge, tenantColumn],
  );

  return (
    <ResourceList
      resource={complaints}
      columns={columns}
      rowKey={(c) => c.id}
      table={{ onRowOpen: (c) => openWindow(complaintDetailPath(c.id)) }}
      filters={
        <>
          <TextFilter {...source('number', t('complaint.numberFilter'))} maxLength={24} />
          <ChoiceFilter {...source('status')} options={COMPLAINT_STATES} optionLabel={labels('states')} />
          <ChoiceFilter {...source('type')} options={COMPLAINT_TYPES} optionLabel={labels('types')} />
          <TenantFilter {...source('tenantId')} />
        </>
      }
    />
  );
}
