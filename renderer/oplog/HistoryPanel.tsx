/**
 * A record's own history from the operation log, beneath its detail page
 * (an order, a price change, an activity, a share rule, payment settings):
 * who did what to it and when, newest first, each opening with its fields
 * before and after. Shown to whoever may read the log (the admin, tenants, a
 * member holding 10-1); to anyone else, nothing — the page stays as it was.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { OplogFilter, OpRecordItem } from '../../shared/oplog/index.js';
import { can } from '../app/session.js';
import { ResourceList, useResource, useScreen, type Column } from '../kit/index.js';
import { recordColumns } from './columns.js';
import { RecordDialog } from './RecordDialog.js';

export interface HistoryPanelProps {
  /** Which records: a target (`{ entity: 'order', targetId }`), an operation or a domain's (`op: 'payment.'`), a tenant's chain. */
  filter: OplogFilter;
  testId?: string;
}

export function HistoryPanel(props: HistoryPanelProps) {
  const { user } = useScreen();
  return can(user, '10-1') ? <History {...props} /> : null;
}

const EMPTY = {};

function History({ filter, testId = 'history' }: HistoryPanelProps) {
  const { t } = useScreen();
  const [open, setOpen] = useState<OpRecordItem | null>(null);
  const history = useResource('oplog.page', {
    ns: 'oplog.history',
    testId,
    empty: EMPTY,
    body: () => filter,
    pageSize: 10,
  });
  const columns = useMemo<Column<OpRecordItem>[]>(() => {
    const record = recordColumns(
      t,
      { cell: (c) => (c === 'op' ? `${testId}-op` : undefined), open: `${testId}-open` },
      setOpen,
    );
    return [record.at, record.who, record.op, record.result, record.actions];
  }, [t, testId]);
  return (
    <ResourceList
      resource={history}
      nested
      columns={columns}
      rowKey={(r) => r.id}
      table={{ emptyAction: <Text>{t('oplog.history.empty')}</Text>, size: 'small' }}
    >
      {open && <RecordDialog record={open} onClose={() => setOpen(null)} />}
    </ResourceList>
  );
}

/** The history of a row that has no page of its own (a share rule): the panel in a dialog. */
export function HistoryDialog({
  title,
  onClose,
  ...panel
}: HistoryPanelProps & { title: string; onClose: () => void }) {
  const { t } = useScreen();
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="history-dialog">
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <HistoryPanel {...panel} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="history-dialog-close">
              {t('oplog.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
