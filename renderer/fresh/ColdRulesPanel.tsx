/**
 * A tenant's temperature rules (`fresh.coldRules`): the one for every
 * perishable product and each category's, added, edited and deleted after
 * asking; without any, the default range is said. The admin and a
 * first-level tenant choose the tenant, as on the markdowns' page.
 */
import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { ColdRuleItem } from '../../shared/fresh/index.js';
import { useOp } from '../bridge.js';
import {
  DataTable,
  DeleteAction,
  EditAction,
  forTenant,
  listView,
  rowDelete,
  OwnerTenantField,
  RowActions,
  useOwnerTenant,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
} from '../kit/index.js';
import { ColdRuleDialog } from './ColdRuleDialog.js';
import { rangeText } from './coldText.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  head: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  tenant: { minWidth: '220px' },
  intro: { color: tokens.colorNeutralForeground2, maxWidth: '80ch' },
});

const COMMANDS: RowCommands<'delete', ColdRuleItem> = {
  ns: 'fresh.cold.rules',
  invalidates: ['fresh.coldRules', 'fresh.fridges'],
  commands: { delete: rowDelete('fresh.deleteColdRule') },
};

export function ColdRulesPanel() {
  const { t } = useScreen();
  const styles = useStyles();
  const owner = useOwnerTenant();
  const { tenantId, ready } = owner;
  const rules = useOp('fresh.coldRules', { body: forTenant(tenantId) }, { enabled: ready });
  const [editing, setEditing] = useState<ColdRuleItem | 'new'>();
  const nameOf = (r: ColdRuleItem) => r.categoryName ?? t('fresh.cold.rules.general');
  const { run, dialog } = useRowCommands(COMMANDS, { name: nameOf });
  const columns = useMemo<Column<ColdRuleItem>[]>(
    () => [
      {
        id: 'category',
        header: t('fresh.cold.rules.category'),
        minWidth: 140,
        width: 220,
        cellTestId: 'fresh-rule-name',
        value: (r) => r.categoryName ?? t('fresh.cold.rules.general'),
      },
      {
        id: 'range',
        header: t('fresh.cold.range'),
        minWidth: 200,
        grow: 2,
        cellTestId: 'fresh-rule-range',
        value: (r) => rangeText(t, r),
      },
      { id: 'updatedAt', header: t('fresh.cold.rules.updatedAt'), kind: 'time', value: (r) => r.updatedAt },
      {
        id: 'actions',
        header: t('common.actions'),
        pin: 'end',
        minWidth: 150,
        width: 170,
        render: (r) => (
          <RowActions compact>
            <EditAction opensDialog action={() => setEditing(r)} testId="fresh-rule-edit" />
            <DeleteAction opensDialog action={() => void run('delete', r)} testId="fresh-rule-delete" />
          </RowActions>
        ),
      },
    ],
    [t, run],
  );
  const list = rules.data ?? [];
  return (
    <section className={styles.page} aria-label={t('fresh.cold.tabs.rules')}>
      <Text className={styles.intro}>{t('fresh.cold.rules.intro')}</Text>
      <div className={styles.head}>
        <OwnerTenantField
          owner={owner}
          choose={t('fresh.cold.rules.chooseTenant')}
          own={t('fresh.markdowns.ownTenant')}
          testId="fresh-rules-tenant"
          className={styles.tenant}
        />
        <Button
          appearance="primary"
          disabled={!ready || !rules.data}
          onClick={() => setEditing('new')}
          data-testid="fresh-rules-add"
        >
          {t('fresh.cold.rules.add')}
        </Button>
      </div>
      {ready ? (
        <>
          <Text data-testid="fresh-rules-fallback">{t('fresh.cold.rules.fallback')}</Text>
          <DataTable
            label={t('fresh.cold.tabs.rules')}
            columns={columns}
            rows={list}
            view={listView({ ...rules, data: rules.data ? { list, total: list.length } : undefined })}
            onRetry={() => void rules.refetch()}
            rowKey={(r) => r.id}
            rowTestId="fresh-rule-row"
            testId="fresh-rules"
            emptyAction={<Text>{t('fresh.cold.rules.empty')}</Text>}
          />
        </>
      ) : (
        <MessageBar>
          <MessageBarBody>{t('fresh.cold.rules.chooseTenant')}</MessageBarBody>
        </MessageBar>
      )}
      {editing && (
        <ColdRuleDialog
          rule={editing === 'new' ? undefined : editing}
          tenantId={tenantId}
          taken={list.map((r) => r.categoryId)}
          onClose={() => setEditing(undefined)}
        />
      )}
      {dialog}
    </section>
  );
}
