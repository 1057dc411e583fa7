/** Free devices of the point's tenant (keyword filter, paged), with Bind. */
import { Button, Field, Input, Subtitle2, Text } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PointItem } from '../../shared/api/point.js';
import { useOp } from '../bridge.js';
import { Pager } from '../app/Pager.js';
import { useListStyles } from './BoundDevices.js';
import { DeviceTable } from './DeviceTable.js';
import { useBinding } from './useBinding.js';
import { useSelection } from './useSelection.js';

export function FreeDevices({ point }: { point: PointItem }) {
  const { t } = useTranslation();
  const styles = useListStyles();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });

  const body = { bound: false, tenantId: point.tenantId, ...(keyword ? { keyword } : {}) };
  const free = useOp('device.page', { query: paging, body }, { placeholderData: keepPreviousData });
  const bind = useBinding('point.bind', point.id);
  const rows = free.data?.list ?? [];
  const selection = useSelection(rows);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setKeyword(draft.trim());
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const onBind = async () => {
    if (await bind.run(selection.ids)) selection.clear();
  };

  return (
    <section className={styles.block} aria-labelledby="free-title">
      <Subtitle2 as="h2" id="free-title">{t('bind.free')}</Subtitle2>
      <div className={styles.bar}>
        <form className={styles.bar} onSubmit={search} role="search">
          <Field label={t('bind.keyword')}>
            <Input value={draft} maxLength={50} placeholder={t('bind.keywordPlaceholder')} onChange={(_, d) => setDraft(d.value)} data-testid="device-filter-keyword" />
          </Field>
          <Button type="submit" icon={<SearchRegular />} data-testid="device-search">{t('common.search')}</Button>
        </form>
        <span className={styles.grow} />
        <Text>{t('bind.selected', { count: selection.ids.length })}</Text>
        <Button appearance="primary" disabled={selection.ids.length === 0 || bind.isPending} onClick={() => void onBind()} data-testid="device-bind">
          {t('bind.bind')}
        </Button>
      </div>
      <DeviceTable label={t('bind.free')} rows={rows} loading={free.isFetching} selected={selection.selected}
        onSelect={selection.setSelected} rowTestId="free-device-row" selectable />
      <Pager pageNum={paging.pageNum} pageSize={paging.pageSize} total={free.data?.total ?? 0}
        onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })} testId="device-pager" />
    </section>
  );
}
