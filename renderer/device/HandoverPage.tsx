/**
 * /tenant/devBind?tenantId= (spec §2 devBind, code 7-3): a second-level
 * distributor's devices beside its parent's, each side searchable, and the
 * selection moved across — handed over, or taken back — all or none. A
 * device bound to a point cannot move (1406): the page asks whether to unbind
 * the chosen ones first, and moves them if so. The device domain's screen
 * (`device.handOver`) on the distribution menu's route
 * (shared/device/routes.ts), in the distributor screens' words.
 */
import { Button, Input, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CODE } from '../../shared/domains.js';
import type { DeviceItem } from '../../shared/device/index.js';
import type { TenantDetail } from '../../shared/tenant/index.js';
import { refusedWith } from '../app/errors.js';
import { PageProblem, PageSpinner } from '../app/pages.js';
import { idOfQuery } from '../app/paths.js';
import { callOp, useOp } from '../bridge.js';
import {
  ActionButton,
  ConfirmDialog,
  DetailPage,
  FilterBar,
  FilterField,
  listView,
  Pager,
  shownTotal,
  useScreen,
  useSelection,
} from '../kit/index.js';
import { DISTRIBUTORS_PATH } from '../tenant/index.js';
import { DeviceTable } from './DeviceTable.js';

const useStyles = makeStyles({
  sides: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 480px), 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  bar: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
  },
  move: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

const NO_DEVICES: readonly DeviceItem[] = [];
export default function DistributorDevicesPage() {
  const { t, navigate } = useScreen();
  const [params] = useSearchParams();
  const id = idOfQuery(params.get('tenantId'));
  const detail = useOp('tenant.detail', { params: { id: id ?? 0 } }, { enabled: id !== undefined });
  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => void navigate(DISTRIBUTORS_PATH)} data-testid="devbind-back">
      {t('common.back')}
    </Button>
  );
  if (id === undefined) return <PageProblem back={back} text={t('tenant.devices.noTenant')} testId="devbind" />;
  if (detail.isError && !detail.isFetching) {
    return refusedWith(detail.error, CODE.tenantNotFound) ? (
      <PageProblem back={back} text={t('tenant.devices.noTenant')} testId="devbind" />
    ) : (
      <PageProblem
        back={back}
        text={t('common.loadFailed')}
        intent="error"
        onRetry={() => void detail.refetch()}
        testId="devbind"
      />
    );
  }
  const tenant = detail.data;
  if (!tenant) return <PageSpinner />;
  if (tenant.parent === null) return <PageProblem back={back} text={t('tenant.devices.firstLevel')} testId="devbind" />;
  return (
    <DetailPage
      id="devbind"
      title={t('tenant.devices.title', { name: tenant.name })}
      back={back}
      wide
      titleTestId="devbind-title"
    >
      <Sides tenant={tenant as TenantDetail & { parent: number }} />
    </DetailPage>
  );
}

function Sides({ tenant }: { tenant: TenantDetail & { parent: number } }) {
  const { t, notify, report } = useScreen();
  const styles = useStyles();
  const client = useQueryClient();
  // The second side moves back: both lists are asked again after a move.
  const [asking, setAsking] = useState<{ ids: number[]; back: boolean } | null>(null);
  const move = async (ids: number[], back: boolean, unbindPoints = false) => {
    try {
      const { changed } = await callOp('device.handOver', {
        body: { tenantId: tenant.tenantId, deviceIds: ids, back, ...(unbindPoints ? { unbindPoints } : {}) },
      });
      notify(t(back ? 'tenant.devices.takenBack' : 'tenant.devices.handedOver', { count: changed }));
      await client.invalidateQueries({ queryKey: ['device.page'] });
      return true;
    } catch (error) {
      if (!unbindPoints && refusedWith(error, CODE.deviceOnPoint)) {
        setAsking({ ids, back });
        return false;
      }
      report(error);
      await client.invalidateQueries({ queryKey: ['device.page'] });
      return false;
    }
  };
  return (
    <div className={styles.sides}>
      <Side
        title={t('tenant.devices.of', { name: tenant.parentName ?? '' })}
        tenantId={tenant.parent}
        testId="devbind-parent"
        action={t('tenant.devices.handOver', { name: tenant.name })}
        icon={<ArrowRightRegular />}
        onMove={(ids) => move(ids, false)}
      />
      <Side
        title={t('tenant.devices.of', { name: tenant.name })}
        tenantId={tenant.tenantId}
        testId="devbind-child"
        action={t('tenant.devices.takeBack')}
        icon={<ArrowLeftRegular />}
        onMove={(ids) => move(ids, true)}
      />
      <ConfirmDialog
        open={asking !== null}
        title={t('tenant.devices.unbindTitle')}
        text={t('tenant.devices.confirmUnbind')}
        confirmLabel={t('tenant.devices.unbind')}
        onConfirm={async () => {
          if (asking) await move(asking.ids, asking.back, true);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

interface SideProps {
  title: string;
  tenantId: number;
  action: string;
  icon: React.ReactElement;
  onMove: (ids: number[]) => Promise<boolean>;
  testId: string;
}

/** One tenant's devices (keyword, paged) with the button that moves the chosen ones across. */
function Side({ title, tenantId, action, icon, onMove, testId }: SideProps) {
  const { t } = useScreen();
  const styles = useStyles();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const list = useOp(
    'device.page',
    { query: paging, body: { tenantId, ...(keyword ? { keyword } : {}) } },
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.list ?? NO_DEVICES;
  const selection = useSelection(rows);
  const view = listView(list);
  const search = (next: string) => {
    setKeyword(next);
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  return (
    <section className={styles.side} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <Subtitle2 as="h2" id={`${testId}-title`}>
        {title}
      </Subtitle2>
      <div className={styles.bar}>
        <FilterBar
          onSearch={() => search(draft.trim())}
          onReset={() => {
            setDraft('');
            search('');
          }}
          searchTestId={`${testId}-search`}
          resetTestId={`${testId}-reset`}
          label={title}
        >
          <FilterField label={t('tenant.devices.keyword')} shown={draft}>
            <Input
              value={draft}
              maxLength={50}
              onChange={(_, d) => setDraft(d.value)}
              data-testid={`${testId}-keyword`}
            />
          </FilterField>
        </FilterBar>
        <div className={styles.move}>
          <Text>{t('tenant.devices.selected', { count: selection.ids.length })}</Text>
          <ActionButton
            appearance="primary"
            icon={icon}
            disabled={selection.ids.length === 0}
            action={async () => {
              if (await onMove(selection.ids)) selection.clear();
            }}
            data-testid={`${testId}-move`}
          >
            {action}
          </ActionButton>
        </div>
      </div>
      <DeviceTable
        label={title}
        rows={rows}
        view={view}
        busy={view === 'rows' && list.isFetching}
        onRetry={() => void list.refetch()}
        selected={selection.selected}
        onSelect={selection.setSelected}
        rowTestId={`${testId}-row`}
        testId={`${testId}-table`}
        selectable
        allLabel={t('tenant.devices.selectAll')}
        rowLabel={(d) => t('tenant.devices.selectRow', { name: d.name })}
      />
      <Pager
        pageNum={paging.pageNum}
        pageSize={paging.pageSize}
        total={shownTotal(list)}
        onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
        testId={`${testId}-pager`}
        label={title}
      />
    </section>
  );
}
