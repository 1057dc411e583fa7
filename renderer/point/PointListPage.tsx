/** /pointMent/pointList (spec §2 pointList, §5 point rules), built from the list resource. */
import { makeStyles } from '@fluentui/react-components';
import { EditRegular, LinkRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { POINT_LIMITS, type PointItem } from '../../shared/point/index.js';
import { can } from '../app/session.js';
import {
  CreateButton,
  DeleteAction,
  FilterField,
  RegionPicker,
  ResourceList,
  RowAction,
  RowActions,
  rowDelete,
  TextFilter,
  useResource,
  useRowCommands,
  useScreen,
  type Column,
  type RowCommands,
} from '../kit/index.js';
import { bindDevicePath } from './paths.js';
import { PointFormDialog } from './PointFormDialog.js';

const useStyles = makeStyles({
  // Lines break between the names, not inside one (Chinese text may otherwise break between any two characters).
  area: { wordBreak: 'keep-all' },
});

interface Filter {
  name: string;
  /** A division of any level: a province, a city or a district holds the points inside it. */
  areaCode?: string | undefined;
}
const EMPTY: Filter = { name: '' };

// A refusal (gone meanwhile, or given a device meanwhile) reads the list again too.
const COMMANDS: RowCommands<'delete', PointItem> = {
  ns: 'point',
  invalidates: ['point.page'],
  commands: { delete: rowDelete('point.delete') },
};

/** The dialog in use: none, create, or edit a point. */
type Editing = { point?: PointItem } | null;

export default function PointListPage() {
  const { t, user, navigate } = useScreen();
  const styles = useStyles();
  const points = useResource('point.page', { ns: 'point', testId: 'point', empty: EMPTY });
  const { column, source, field, action, text, refresh } = points;
  const [editing, setEditing] = useState<Editing>(null);
  const { run, dialog } = useRowCommands(COMMANDS, { name: (p) => p.name });
  const canBind = can(user, '3-2');

  const columns = useMemo<Column<PointItem>[]>(
    () => [
      // The minimums add up to 744 px: the whole table fits beside the side menu on a 1024 px screen, scroll bars and all.
      column('name', { value: (p) => p.name, minWidth: 100, width: 180, grow: 2, testId: true, hideable: false }),
      // Two or three division names (province, city, district): wrapped rather than cut, since the district is what tells points apart.
      column('area', {
        render: (p) => <span className={styles.area}>{p.area}</span>,
        overflow: 'wrap',
        minWidth: 80,
        width: 180,
        grow: 1,
        testId: true,
      }),
      // Up to 100 characters, often without a space: wrap it rather than hide most of it.
      column('address', {
        value: (p) => p.address,
        overflow: 'wrap',
        minWidth: 128,
        width: 220,
        grow: 3,
        testId: true,
      }),
      column('deviceCount', { fold: 2, kind: 'number', value: (p) => p.deviceCount }),
      column('tenantName', { value: (p) => p.tenantName, minWidth: 80, width: 150, grow: 1 }),
      column('createdAt', { fold: 1, kind: 'time', value: (p) => p.createdAt }),
      column('actions', {
        pin: 'end',
        header: t('common.actions'),
        // Three buttons on one line when there is room; two lines at the minimum.
        minWidth: canBind ? 180 : 120,
        width: canBind ? 248 : 160,
        shrinkLast: true,
        testId: true,
        render: (p) => (
          <RowActions compact wrap>
            <RowAction
              {...action('edit', t('common.edit'))}
              icon={<EditRegular />}
              opensDialog
              action={() => setEditing({ point: p })}
            />
            {canBind && (
              <RowAction
                {...action('bind')}
                icon={<LinkRegular />}
                action={() => void navigate(bindDevicePath(p.id))}
              />
            )}
            {/* Spec §5: a point with bound devices cannot be deleted; say why instead of offering a refusal. */}
            <DeleteAction
              opensDialog
              action={() => void run('delete', p)}
              disabledReason={p.deviceCount > 0 ? text('deleteHasDevices') : undefined}
              testId="point-delete"
            />
          </RowActions>
        ),
      }),
    ],
    [t, styles.area, canBind, navigate, run, column, action, text],
  );

  const create = (testId: string) => (
    <CreateButton onClick={() => setEditing({})} testId={testId}>
      {text('create')}
    </CreateButton>
  );

  return (
    <ResourceList
      resource={points}
      title={t('point.route.pointList')}
      columns={columns}
      rowKey={(p) => p.id}
      filters={
        <>
          <TextFilter {...source('name')} maxLength={POINT_LIMITS.name} placeholder={text('namePlaceholder')} />
          <FilterField label={text('area')} wide>
            <RegionPicker {...field('areaCode')} testId="point-filter-area" />
          </FilterField>
        </>
      }
      besideFilters={create('point-create')}
      table={{
        label: text('list'),
        emptyAction: create('point-empty-create'),
        rowData: (p) => ({ 'data-point-id': p.id }),
      }}
    >
      {editing && (
        <PointFormDialog point={editing.point} onClose={() => setEditing(null)} onGone={() => void refresh()} />
      )}
      {dialog}
    </ResourceList>
  );
}
