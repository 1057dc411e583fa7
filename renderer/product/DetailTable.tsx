/**
 * The list of an owner's details — a category's attributes or image formats,
 * a custom model's attributes or images — built from the list kit: a create
 * button, the table with edit and delete on each row (or the reason they are
 * not offered), the form dialog, and the delete confirmation. A detail gone
 * meanwhile refreshes the list instead of staying to be refused again.
 */
import { makeStyles } from '@fluentui/react-components';
import { useMemo, useState, type ReactNode } from 'react';
import { refusedWith } from '../app/errors.js';
import {
  ConfirmDialog,
  DataTable,
  listView,
  type Column,
  type ListQueryState,
  useScreen,
  RowActions,
  CreateButton,
  DeleteAction,
  EditAction,
} from '../kit/index.js';

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
});

/** Where the catalogue keeps a detail list's texts: `list`, `create`, `deleted`, `deleteTitle`, `deleteConfirm` under it. */
export type DetailTexts = 'product.attribute' | 'product.imageFormat';

export interface DetailTableProps<T extends { id: number; name: string }> {
  /** Test ids: `<prefix>-create`, `-row`, `-edit`, `-delete`, `-table`. */
  prefix: string;
  texts: DetailTexts;
  list: ListQueryState<T> & { data: readonly T[] | undefined; refetch: () => unknown };
  /** The list's query key, refreshed when a detail is gone. */
  listKey: string;
  columns: Column<T>[];
  canEdit: boolean;
  /** Why a row is not edited here (an upper category's attribute). */
  lockedReason?: (row: T) => string | undefined;
  remove: (row: T) => Promise<unknown>;
  goneCode: number;
  /** The form dialog: `row` to edit, none to create. */
  dialog: (row: T | undefined, close: () => void, gone: () => void) => ReactNode;
}

export function DetailTable<T extends { id: number; name: string }>({
  prefix,
  texts,
  list,
  listKey,
  columns,
  canEdit,
  lockedReason,
  remove,
  goneCode,
  dialog,
}: DetailTableProps<T>) {
  const { t, notify, report, client } = useScreen();
  const styles = useStyles();
  const [editing, setEditing] = useState<{ row?: T } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: [listKey] });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting);
      notify(t(`${texts}.deleted`));
    } catch (error) {
      report(error);
      if (refusedWith(error, goneCode)) refresh();
    } finally {
      setDeleting(null);
    }
  };

  const all = useMemo<Column<T>[]>(
    () => [
      ...columns,
      ...(canEdit
        ? [
            {
              id: 'actions',
              pin: 'end' as const,
              header: t('common.actions'),
              minWidth: 120,
              width: 160,
              shrinkLast: true,
              render: (row: T) => (
                <RowActions compact wrap>
                  <EditAction
                    opensDialog
                    disabledReason={lockedReason?.(row)}
                    action={() => setEditing({ row })}
                    testId={`${prefix}-edit`}
                  />
                  <DeleteAction
                    opensDialog
                    disabledReason={lockedReason?.(row)}
                    action={() => setDeleting(row)}
                    testId={`${prefix}-delete`}
                  />
                </RowActions>
              ),
            },
          ]
        : []),
    ],
    [columns, canEdit, lockedReason, prefix, styles, t],
  );

  const create = (testId: string) =>
    canEdit && (
      <CreateButton onClick={() => setEditing({})} testId={testId}>
        {t(`${texts}.create`)}
      </CreateButton>
    );
  return (
    <>
      <div className={styles.toolbar}>{create(`${prefix}-create`)}</div>
      <DataTable
        label={t(`${texts}.list`)}
        columns={all}
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        view={listView(list)}
        busy={list.isFetching && list.data !== undefined}
        onRetry={() => void list.refetch()}
        emptyAction={create(`${prefix}-empty-create`) || undefined}
        rowTestId={`${prefix}-row`}
        testId={`${prefix}-table`}
      />
      {editing && dialog(editing.row, () => setEditing(null), refresh)}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t(`${texts}.deleteTitle`)}
        text={t(`${texts}.deleteConfirm`, { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
