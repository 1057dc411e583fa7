/**
 * The columns a record shows wherever records are listed — the log's own
 * page and a row's history panel: when, who, what, the result, and "open".
 */
import { OpenRegular } from '@fluentui/react-icons';
import type { OpRecordItem } from '../../shared/oplog/index.js';
import { OverflowText, RowAction, RowActions, type Column, type useScreen } from '../kit/index.js';

type T = ReturnType<typeof useScreen>['t'];

export interface RecordColumnIds {
  /** A cell's test id by column (`who`, `op`, `result`); none where the list gives none. */
  cell: (column: 'who' | 'op' | 'result') => string | undefined;
  /** The "open" action's test id. */
  open: string;
}

/** The shared columns, each to be placed where the list wants it. */
export function recordColumns(t: T, ids: RecordColumnIds, open: (record: OpRecordItem) => void) {
  const testId = (column: 'who' | 'op' | 'result') => {
    const id = ids.cell(column);
    return id === undefined ? {} : { cellTestId: id };
  };
  const column = {
    at: { id: 'at', header: t('oplog.at'), kind: 'time', hideable: false, value: (r) => r.at },
    who: {
      id: 'who',
      header: t('oplog.who'),
      minWidth: 100,
      width: 140,
      ...testId('who'),
      render: (r) => <OverflowText text={r.username} />,
    },
    op: {
      id: 'op',
      header: t('oplog.op'),
      minWidth: 140,
      width: 200,
      grow: 1,
      hideable: false,
      ...testId('op'),
      render: (r) => <OverflowText text={`${t(`oplog.kinds.${r.kind}`)} · ${r.op}`} />,
    },
    result: {
      id: 'result',
      header: t('oplog.result'),
      minWidth: 90,
      width: 120,
      ...testId('result'),
      value: (r) => (r.result === 0 ? t('oplog.done') : t('oplog.refused', { code: r.result })),
    },
    actions: {
      id: 'actions',
      pin: 'end',
      header: t('common.actions'),
      minWidth: 80,
      width: 96,
      render: (r) => (
        <RowActions compact>
          <RowAction icon={<OpenRegular />} action={() => open(r)} testId={ids.open}>
            {t('oplog.open')}
          </RowAction>
        </RowActions>
      ),
    },
  } satisfies Record<string, Column<OpRecordItem>>;
  return column;
}
