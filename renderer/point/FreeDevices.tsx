/** Free devices of the point's tenant (keyword filter, paged), with Bind. */
import { Input, Subtitle2, Text } from '@fluentui/react-components';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '../../shared/device/index.js';
import type { PointItem } from '../../shared/point/index.js';
import { useOp } from '../bridge.js';
import { ActionButton, FilterBar, FilterField, listView, Pager, shownTotal } from '../kit/index.js';
import { useListStyles } from './BoundDevices.js';
import { DeviceTable } from '../device/index.js';
import { useBinding } from './useBinding.js';
import { useSelection } from '../kit/index.js';

const NO_DEVICES: readonly DeviceItem[] = [];

export function FreeDevices({ point }: { point: PointItem }) {
  const { t } = useTranslation();
  const styles = useListStyles();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });

  const body = { bound: false, tenantId: point.tenantId, ...(keyword ? { keyword } : {}) };
  const free = useOp('device.page', { query: paging, body }, { placeholderData: keepPreviousData });
  const bind = useBinding('point.bind', point.id);
  const rows = free.data?.list ?? NO_DEVICES;
  const selection = useSelection(rows);
  const view = listView(free);

  const search = (next: string) => {
    setKeyword(next);
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const onBind = async () => {
    if (await bind.run(selection.ids)) selection.clear();
  };

  return (
    <section className={styles.block} aria-labelledby="free-title">
      <Subtitle2 as="h2" id="free-title">
        {t('point.binding.free')}
      </Subtitle2>
      <div className={styles.bar}>
        <FilterBar
          onSearch={() => search(draft.trim())}
          onReset={() => {
            setDraft('');
            search('');
          }}
          searchTestId="device-search"
          resetTestId="device-reset"
        >
          <FilterField label={t('point.binding.keyword')} shown={draft}>
            <Input
              value={draft}
              maxLength={50}
              placeholder={t('point.binding.keywordPlaceholder')}
              onChange={(_, d) => setDraft(d.value)}
              data-testid="device-filter-keyword"
            />
          </FilterField>
        </FilterBar>
        <div className={styles.action}>
          <Text>{t('point.binding.selected', { count: selection.ids.length })}</Text>
          <ActionButton
            appearance="primary"
            disabled={selection.ids.length === 0}
            action={onBind}
            data-testid="device-bind"
          >
            {t('point.binding.bind')}
          </ActionButton>
        </div>
      </div>
      <DeviceTable
        label={t('point.binding.free')}
        rows={rows}
        view={view}
        busy={view === 'rows' && free.isFetching}
        onRetry={() => void free.refetch()}
        selected={selection.selected}
        onSelect={selection.setSelected}
        rowTestId="free-device-row"
        testId="free-devices"
        selectable
        allLabel={t('point.binding.selectAll')}
        rowLabel={(d) => t('point.binding.selectRow', { name: d.serial })}
      />
      <Pager
        pageNum={paging.pageNum}
        pageSize={paging.pageSize}
        total={shownTotal(free)}
        onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
        testId="device-pager"
      />
    </section>
  );
}
