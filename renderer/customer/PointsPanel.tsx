/**
 * A customer's points (bindGroup): those bound — where its staff cards are
 * honoured — and those of its tenant and that tenant's second-level tenants
 * still to bind, each a list to choose from and act on in bulk. With none
 * bound the cards are honoured at the tenant's own machines: said above.
 */
import { Button, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { LinkDismissRegular, LinkRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import type { BoundPoint } from '../../shared/customer/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import {
  DataTable,
  FilterBar,
  listView,
  OverflowText,
  tenantColumn,
  TextFilter,
  useScreen,
  useSelection,
  type Column,
} from '../kit/index.js';

const useStyles = makeStyles({
  part: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  row: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  filters: { display: 'flex', alignItems: 'flex-end', flexWrap: 'wrap' },
  note: { color: tokens.colorNeutralForeground2 },
});

const NONE: readonly BoundPoint[] = [];
const REFRESH = ['customer.points', 'customer.pointChoices', 'customer.info', 'customer.page'] as const;

export function PointsPanel({ customerId }: { customerId: number }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const bound = useOp('customer.points', { params: { businessId: customerId } }, { staleTime: 0 });
  const choices = useOp(
    'customer.pointChoices',
    { params: { businessId: customerId }, body: applied ? { keyword: applied } : {} },
    { staleTime: 0 },
  );
  const boundRows = bound.data ?? NONE;
  const choiceRows = choices.data ?? NONE;
  const boundPick = useSelection(boundRows);
  const choicePick = useSelection(choiceRows);
  const bind = useOpMutation('customer.bindPoints', { invalidates: REFRESH });
  const unbind = useOpMutation('customer.unbindPoints', { invalidates: REFRESH });

  const run = async (action: () => Promise<string>) => {
    try {
      notify(await action());
      boundPick.clear();
      choicePick.clear();
    } catch (error) {
      report(error);
    }
  };
  const bindChosen = () =>
    run(async () => {
      const done = await bind.mutateAsync({ params: { businessId: customerId }, body: { pointIds: choicePick.ids } });
      return t('customer.points.bindDone', { count: done.bound });
    });
  const unbindSome = (pointIds: number[]) =>
    run(async () => {
      const done = await unbind.mutateAsync({ params: { businessId: customerId }, body: { pointIds } });
      return t('customer.points.unbindDone', { count: done.unbound });
    });

  const columns = useMemo<Column<BoundPoint>[]>(
    () => [
      {
        id: 'name',
        header: t('customer.points.name'),
        minWidth: 120,
        width: 200,
        hideable: false,
        cellTestId: 'point-name',
        render: (p) => <OverflowText text={p.name} />,
      },
      ...tenantColumn<BoundPoint>(true, t('common.tenant'), { width: 160 }),
      {
        id: 'address',
        header: t('customer.points.address'),
        minWidth: 140,
        width: 260,
        grow: 1,
        render: (p) => <OverflowText text={p.address} />,
      },
    ],
    [t],
  );
  const boundColumns = useMemo<Column<BoundPoint>[]>(
    () => [
      ...columns,
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 90,
        width: 100,
        render: (p) => (
          <Button
            size="small"
            appearance="subtle"
            icon={<LinkDismissRegular />}
            onClick={() => void unbindSome([p.id])}
            data-testid="bound-point-unbind"
          >
            {t('customer.points.unbind')}
          </Button>
        ),
      },
    ],
    [columns, t],
  );

  return (
    <>
      <Text className={styles.note}>{t('customer.points.hint')}</Text>
      <div className={styles.part}>
        <div className={styles.row}>
          <Subtitle2 as="h2">{t('customer.points.bound')}</Subtitle2>
          <Button
            icon={<LinkDismissRegular />}
            disabled={!boundPick.ids.length || unbind.isPending}
            onClick={() => void unbindSome(boundPick.ids)}
            data-testid="bound-points-unbind"
          >
            {t('customer.points.unbindSelected')}
          </Button>
        </div>
        <DataTable
          label={t('customer.points.bound')}
          columns={boundColumns}
          rows={boundRows}
          rowKey={(p) => p.id}
          view={listView(bound)}
          onRetry={() => void bound.refetch()}
          emptyAction={<Text>{t('customer.points.none')}</Text>}
          selection={{
            selected: boundPick.selected,
            onChange: boundPick.setSelected,
            rowLabel: (p) => p.name,
            allLabel: t('customer.points.bound'),
          }}
          rowTestId="bound-point"
          testId="bound-points"
          remember={false}
        />
      </div>
      <div className={styles.part}>
        <div className={styles.row}>
          <Subtitle2 as="h2">{t('customer.points.available')}</Subtitle2>
          <Button
            appearance="primary"
            icon={<LinkRegular />}
            disabled={!choicePick.ids.length || bind.isPending}
            onClick={() => void bindChosen()}
            data-testid="point-choices-bind"
          >
            {t('customer.points.bind')}
          </Button>
        </div>
        <div className={styles.filters}>
          <FilterBar
            onSearch={() => setApplied(keyword.trim())}
            onReset={() => {
              setKeyword('');
              setApplied('');
            }}
            searchTestId="point-choices-search"
            resetTestId="point-choices-reset"
          >
            <TextFilter
              label={t('customer.points.keyword')}
              value={keyword}
              maxLength={50}
              onChange={setKeyword}
              testId="point-choices-keyword"
            />
          </FilterBar>
        </div>
        <DataTable
          label={t('customer.points.available')}
          columns={columns}
          rows={choiceRows}
          rowKey={(p) => p.id}
          view={listView(choices)}
          onRetry={() => void choices.refetch()}
          emptyAction={<Text>{t('customer.points.noneAvailable')}</Text>}
          selection={{
            selected: choicePick.selected,
            onChange: choicePick.setSelected,
            rowLabel: (p) => p.name,
            allLabel: t('customer.points.available'),
          }}
          rowTestId="point-choice"
          testId="point-choices"
          remember={false}
        />
      </div>
    </>
  );
}
