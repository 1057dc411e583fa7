/**
 * A list page's resource (react-admin's lesson: a list is declared, not
 * written out): the page operation, the text namespace and the test-id
 * prefix, named once, from which every filter, column and row action of the
 * page derives its label, its test id and its binding, and `ResourceList`
 * draws the frame every list page shares (title and buttons, filter bar,
 * table, pager) under the names the resource gives them.
 *
 * `useResource('scene.page', { ns: 'scene', testId: 'scene', empty })` is
 * `useListPage` and:
 * - `source('keyword')`: a filter control's label (`scene.keyword`), value,
 *   change and test id (`scene-filter-keyword`), spread on a TextFilter,
 *   ChoiceFilter or TenantFilter;
 * - `column('name', { … })`: a column headed `scene.name` (with
 *   `testId: true`, its cells `scene-name`);
 * - `action('edit')`: a row action's label (`scene.edit`) and test id
 *   (`scene-edit`), spread on a RowAction;
 * - `labels('states')`: a choice's words (`scene.states.<value>`);
 * - `badge('states', COLOURS, (s) => s.status)`: a state column's cell, the
 *   state's words in its colour;
 * - `tenantColumn()`: the tenant column, for a user who sees more than one
 *   tenant's rows (`byTenant`), headed `common.tenant` as the `tenantId`
 *   filter is labelled.
 *
 * A label that lives elsewhere in the catalogue is passed as the second
 * argument, already translated.
 */
import { Text } from '@fluentui/react-components';
import { useContext, useMemo, type ReactNode } from 'react';
import { UserContext } from '../app/session.js';
import { tenantColumn, type Column } from './columns.js';
import { DataTable, type DataTableProps, type RowKey } from './DataTable.js';
import { FilterBar } from './FilterBar.js';
import { ListPage } from './ListPage.js';
import { Pager, type PagerProps } from './Pager.js';
import { useRuntimeText, type RuntimeText } from './runtimeText.js';
import { StateBadge, type BadgeColour } from './StateBadge.js';
import { seesTenants } from './tenants.js';
import { useListPage, type ListPageOptions, type ListPageState, type PageOp, type PageRow } from './useListPage.js';

export interface ResourceOptions<K extends PageOp, F> extends ListPageOptions<K, F> {
  /** The namespace of the page's texts: `scene` reads `scene.title`, `scene.name`, `scene.edit`… */
  ns: string;
  /** The prefix of the page's test ids: `scene` gives `scene-table`, `scene-row`, `scene-filter-keyword`, `scene-edit`… */
  testId: string;
}

/** What a column spec may leave out: its header comes from the resource's texts. */
export type ColumnSpec<Row> = Omit<Column<Row>, 'id' | 'header'> & {
  header?: string;
  /** Its cells' test id is `<prefix>-<id>`. */
  testId?: true;
};

export interface Resource<K extends PageOp, F> extends ListPageState<K, F> {
  ns: string;
  testId: string;
  /** A text of the resource's namespace. */
  text: (key: string) => string;
  /** The words of a choice's values: `labels('states')('normal')` is `<ns>.states.normal`. */
  labels: (group: string) => (value: string) => string;
  /** A state column's cell: the row's state (`pick`) in its words (`<ns>.<group>.<state>`) and colour. */
  badge: <S extends string>(
    group: string,
    colours: Readonly<Record<S, BadgeColour>>,
    pick: (row: PageRow<K>) => S,
  ) => (row: PageRow<K>) => ReactNode;
  /** The user sees more than one tenant's rows. */
  byTenant: boolean;
  /** The tenant column where `byTenant`, else none. */
  tenantColumn: (more?: Partial<Column<PageRow<K>>>) => Column<PageRow<K>>[];
  /** A filter control bound to one field of the filter as typed: its label, value, change and test id. */
  source: <Key extends keyof F & string>(
    key: Key,
    label?: string,
  ) => { label: string; value: F[Key]; onChange: (value: F[Key]) => void; testId: string };
  column: (id: string, spec?: ColumnSpec<PageRow<K>>) => Column<PageRow<K>>;
  /** A row action's words and test id: `<RowAction {...action('edit')} action={…} />`. */
  action: (name: string, label?: string) => { testId: string; children: string };
}

/** What a resource names, from its texts and its test-id prefix alone (a unit test reads it without React). */
export function resourceNames<Row>(t: RuntimeText, ns: string, testId: string, byTenant: boolean) {
  const text = (key: string) => t(`${ns}.${key}`);
  return {
    text,
    labels: (group: string) => (value: string) => t(`${ns}.${group}.${value}`),
    /** A filter's label and test id; the tenant's is labelled as its column is headed, and named `-filter-tenant`. */
    filterOf: (key: string, label?: string) =>
      key === 'tenantId'
        ? { label: label ?? t('common.tenant'), testId: `${testId}-filter-tenant` }
        : { label: label ?? text(key), testId: `${testId}-filter-${key}` },
    column: (id: string, { header, testId: cells, ...spec }: ColumnSpec<Row> = {}): Column<Row> => ({
      id,
      header: header ?? text(id),
      ...(cells ? { cellTestId: `${testId}-${id}` } : {}),
      ...spec,
    }),
    action: (name: string, label?: string) => ({ testId: `${testId}-${name}`, children: label ?? text(name) }),
    // Called only by a page whose rows carry `tenantName`, which a generic row cannot be narrowed to here.
    tenantColumn: (more: Partial<Column<Row>> = {}) =>
      tenantColumn(byTenant, t('common.tenant'), more as object) as unknown as Column<Row>[],
  };
}

export function useResource<K extends PageOp, F extends object>(
  op: K,
  { ns, testId, ...options }: ResourceOptions<K, F>,
): Resource<K, F> {
  const t = useRuntimeText();
  const list = useListPage<K, F>(op, options);
  const user = useContext(UserContext);
  const byTenant = user !== null && seesTenants(user);
  // Stable while the language is: a page's memoised columns and row actions are built from these.
  const names = useMemo(() => resourceNames<PageRow<K>>(t, ns, testId, byTenant), [t, ns, testId, byTenant]);
  const { field } = list;
  const source = <Key extends keyof F & string>(key: Key, label?: string) => ({
    ...field(key),
    ...names.filterOf(key, label),
  });
  const { text, labels, column, action, tenantColumn: tenants } = names;
  const badge = useMemo(
    () =>
      <S extends string>(group: string, colours: Readonly<Record<S, BadgeColour>>, pick: (row: PageRow<K>) => S) =>
      (row: PageRow<K>) => <StateBadge state={pick(row)} colours={colours} label={labels(group)} />,
    [labels],
  );
  return { ...list, ns, testId, byTenant, source, text, labels, badge, column, action, tenantColumn: tenants };
}

export interface ResourceListProps<K extends PageOp, F, Key extends RowKey> {
  resource: Resource<K, F>;
  columns: readonly Column<PageRow<K>>[];
  rowKey: (row: PageRow<K>) => Key;
  /** Default: the resource's `title` text. */
  title?: string;
  /** Buttons beside the title (create, export…). */
  actions?: ReactNode;
  /** What the list is for, under its title and above its filters. */
  intro?: ReactNode;
  /** The filter bar's fields; none: no filter bar. */
  filters?: ReactNode;
  /** The filter bar's Search, where it checks the filter first (a time range); default: apply it. */
  onSearch?: () => void;
  /** What stands beside the filter bar (a bulk bar…). */
  besideFilters?: ReactNode;
  /** A list inside a record's page: its title an h2. */
  nested?: boolean;
  /** A list that is a tab's whole panel: its title names the section and is not shown (nor are `actions`). */
  untitled?: boolean;
  /** Said in the empty table when nothing is filtered: where the rows come from (`<prefix>-empty-hint`). */
  emptyHint?: string;
  /** What stands between the filters and the table (a count against a limit). */
  aboveTable?: ReactNode;
  /** More of the table's props (sorting, selection, a row's double-click…). */
  table?: Partial<DataTableProps<PageRow<K>, Key>>;
  /** What the pager's total counts, where it is not rows. */
  totalText?: PagerProps['totalText'];
  /** Dialogs and what follows the pager. */
  children?: ReactNode;
}

/** A list page's frame, each part named after the resource: `<prefix>-list` (the section), `-list-title`, `-search`, `-reset`, `-table`, `-row`, `-pager`. */
export function ResourceList<K extends PageOp, F, Key extends RowKey>({
  resource: r,
  columns,
  rowKey,
  title,
  actions,
  intro,
  filters,
  onSearch,
  besideFilters,
  nested,
  untitled,
  emptyHint,
  aboveTable,
  table,
  totalText,
  children,
}: ResourceListProps<K, F, Key>) {
  const heading = title ?? r.text('title');
  // TanStack's row type is an object, which PageRow<K> cannot be shown to be here (each page's rows are).
  const tableProps = {
    label: heading,
    columns,
    ...r.table,
    ...(emptyHint !== undefined && r.unfiltered
      ? { emptyAction: <Text data-testid={`${r.testId}-empty-hint`}>{emptyHint}</Text> }
      : {}),
    rowKey,
    rowTestId: `${r.testId}-row`,
    testId: `${r.testId}-table`,
    ...table,
  } as unknown as DataTableProps<object, Key>;
  const bar =
    filters === undefined ? undefined : (
      <FilterBar
        onSearch={onSearch ?? r.apply}
        onReset={r.reset}
        searchTestId={`${r.testId}-search`}
        resetTestId={`${r.testId}-reset`}
        {...(nested ? { label: heading } : {})}
      >
        {filters}
      </FilterBar>
    );
  return (
    <ListPage
      id={`${r.testId}-list-title`}
      title={heading}
      actions={actions}
      intro={intro}
      filters={
        bar && besideFilters ? (
          <>
            {bar}
            {besideFilters}
          </>
        ) : (
          (bar ?? besideFilters)
        )
      }
      {...(nested ? { nested } : {})}
      {...(untitled ? { untitled } : {})}
      testId={`${r.testId}-list`}
    >
      {aboveTable}
      <DataTable {...tableProps} />
      {/* A list inside a page that has its own is told apart by its name. */}
      <Pager
        {...r.pager}
        testId={`${r.testId}-pager`}
        {...(nested ? { label: heading } : {})}
        {...(totalText ? { totalText } : {})}
      />
      {children}
    </ListPage>
  );
}
