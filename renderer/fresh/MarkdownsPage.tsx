/**
 * /freshFood/markdowns (beyond spec §2; docs/domains/fresh.md): a tenant's
 * markdown ladders near expiry — the one for every perishable product and
 * each category's — added, edited and deleted after asking. The admin and a
 * first-level tenant choose the tenant (the admin must; a first-level tenant's
 * own is the default).
 */
import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import type { MarkdownItem } from '../../shared/fresh/index.js';
import { useOp } from '../bridge.js';
import {
  ActionButton,
  DataTable,
  DeleteAction,
  EditAction,
  forTenant,
  ListHead,
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
import { MarkdownDialog } from './MarkdownDialog.js';
import { MarkdownPushDialog } from './MarkdownPushDialog.js';
import { markdownPushPath } from './paths.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  tenant: { minWidth: '220px' },
  intro: { color: tokens.colorNeutralForeground2, maxWidth: '80ch' },
});

const COMMANDS: RowCommands<'delete', MarkdownItem> = {
  ns: 'fresh.markdowns',
  invalidates: ['fresh.markdowns', 'fresh.batches'],
  commands: { delete: rowDelete('fresh.deleteMarkdown') },
};

export default function MarkdownsPage() {
  const { t } = useScreen();
  const styles = useStyles();
  const owner = useOwnerTenant();
  const { tenantId, ready } = owner;
  const ladders = useOp('fresh.markdowns', { body: forTenant(tenantId) }, { enabled: ready });
  const [editing, setEditing] = useState<MarkdownItem | 'new'>();
  const [sending, setSending] = useState(false);
  const { navigate } = useScreen();
  const nameOf = (m: MarkdownItem) => m.categoryName ?? t('fresh.markdowns.general');
  const { run, dialog } = useRowCommands(COMMANDS, { name: nameOf });
  const columns = useMemo<Column<MarkdownItem>[]>(
    () => [
      {
        id: 'category',
        header: t('fresh.markdowns.category'),
        minWidth: 140,
        width: 200,
        cellTestId: 'fresh-markdown-name',
        value: (m) => m.categoryName ?? t('fresh.markdowns.general'),
      },
      {
        id: 'steps',
        header: t('fresh.markdowns.steps'),
        minWidth: 200,
        grow: 2,
        cellTestId: 'fresh-markdown-steps',
        value: (m) =>
          m.steps
            .map((s) => t('fresh.markdowns.step', { hours: s.hoursLeft, percent: s.percentOff }))
            .join(t('common.listSeparator')),
      },
      { id: 'updatedAt', header: t('fresh.markdowns.updatedAt'), kind: 'time', value: (m) => m.updatedAt },
      {
        id: 'actions',
        header: t('common.actions'),
        pin: 'end',
        minWidth: 150,
        width: 170,
        render: (m) => (
          <RowActions compact>
            <EditAction opensDialog action={() => setEditing(m)} testId="fresh-markdown-edit" />
            <DeleteAction opensDialog action={() => void run('delete', m)} testId="fresh-markdown-delete" />
          </RowActions>
        ),
      },
    ],
    [t, run],
  );
  const list = ladders.data ?? [];
  return (
    <section className={styles.page} aria-labelledby="fresh-markdowns-title">
      <ListHead id="fresh-markdowns-title" title={t('fresh.markdowns.title')}>
        <OwnerTenantField
          owner={owner}
          choose={t('fresh.markdowns.chooseTenant')}
          own={t('fresh.markdowns.ownTenant')}
          testId="fresh-markdowns-tenant"
          className={styles.tenant}
        />
        <Button
          appearance="primary"
          disabled={!ready || !ladders.data}
          onClick={() => setEditing('new')}
          data-testid="fresh-markdowns-add"
        >
          {t('fresh.markdowns.add')}
        </Button>
        <ActionButton
          icon={<SendRegular />}
          opensDialog
          disabledReason={ready && ladders.data && !ladders.data.length ? t('fresh.push.noLadders') : undefined}
          disabled={!ready || !ladders.data}
          action={() => setSending(true)}
          data-testid="fresh-markdowns-push"
        >
          {t('fresh.push.action')}
        </ActionButton>
      </ListHead>
      <Text className={styles.intro}>{t('fresh.markdowns.intro')}</Text>
      {ready ? (
        <DataTable
          label={t('fresh.markdowns.title')}
          columns={columns}
          rows={list}
          view={listView({ ...ladders, data: ladders.data ? { list, total: list.length } : undefined })}
          onRetry={() => void ladders.refetch()}
          rowKey={(m) => m.id}
          rowTestId="fresh-markdown-row"
          testId="fresh-markdowns"
          emptyAction={<Text>{t('fresh.markdowns.empty')}</Text>}
        />
      ) : (
        <MessageBar>
          <MessageBarBody>{t('fresh.markdowns.chooseTenantFirst')}</MessageBarBody>
        </MessageBar>
      )}
      {sending && (
        <MarkdownPushDialog
          tenantId={tenantId}
          onClose={() => setSending(false)}
          onSent={(sent) => void navigate(markdownPushPath(sent.id))}
        />
      )}
      {editing && (
        <MarkdownDialog
          markdown={editing === 'new' ? undefined : editing}
          tenantId={tenantId}
          taken={list.map((m) => m.categoryId)}
          onClose={() => setEditing(undefined)}
        />
      )}
      {dialog}
    </section>
  );
}
