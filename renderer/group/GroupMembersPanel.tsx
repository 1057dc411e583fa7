/**
 * A group's members on its page (spec §3 Group member list, §4 inactive /
 * pending review / activated / disabled): each identifier with the member who
 * claimed it, when, and who last decided on it; searched by identifier or
 * nickname and filtered by state. Chosen rows are approved or rejected
 * (pending ones), disabled or enabled — all or none, the upstream checks each
 * state again. A pre-import group takes identifiers typed in here, or from an .xlsx.
 */
import { Badge, Button, Text } from '@fluentui/react-components';
import { AddRegular, DocumentArrowUpRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import {
  GROUP_MEMBER_ACTIONS,
  GROUP_MEMBER_MOVES,
  GROUP_MEMBER_STATES,
  type GroupItem,
  type GroupMemberAction,
  type GroupMemberItem,
  type GroupMemberState,
} from '../../shared/group/index.js';
import { useOpMutation } from '../bridge.js';
import {
  BulkAction,
  BulkBar,
  ChoiceFilter,
  OverflowText,
  ResourceList,
  TextFilter,
  useResource,
  useScreen,
  useSelection,
  type Column,
} from '../kit/index.js';
import { AddIdentifiersDialog } from './AddIdentifiersDialog.js';
import { GroupImportDialog } from './GroupImportDialog.js';

const COLORS: Record<GroupMemberState, 'informative' | 'warning' | 'success' | 'danger'> = {
  inactive: 'informative',
  pending: 'warning',
  activated: 'success',
  disabled: 'danger',
};

interface Filter {
  keyword: string;
  state?: GroupMemberState | undefined;
}
const EMPTY: Filter = { keyword: '' };

export function GroupMembersPanel({ group }: { group: GroupItem }) {
  const { t, notify, report } = useScreen();
  const members = useResource('group.members', {
    ns: 'group.members',
    testId: 'group-member',
    empty: EMPTY,
    params: { id: group.id },
  });
  const { column, source, filter, rows, refresh } = members;
  const stateLabel = (state: GroupMemberState) => t(`group.memberStates.${state}`);
  const selection = useSelection(rows, filter);
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const decide = useOpMutation('group.decide', { invalidates: ['group.members', 'group.info', 'group.page'] });
  const chosen = rows.filter((r) => selection.ids.includes(r.id));
  const allows = (action: GroupMemberAction) =>
    chosen.length > 0 &&
    chosen.every((r) => (GROUP_MEMBER_MOVES[action] as readonly GroupMemberState[]).includes(r.state));

  const act = async (action: GroupMemberAction) => {
    try {
      const done = await decide.mutateAsync({ params: { id: group.id }, body: { ids: selection.ids, action } });
      notify(t('group.members.changed', { count: done.changed }));
      selection.clear();
    } catch (error) {
      report(error);
      await refresh();
    }
  };

  const columns = useMemo<Column<GroupMemberItem>[]>(
    () => [
      column('identifier', { minWidth: 110, width: 140, hideable: false, testId: true, value: (m) => m.identifier }),
      column('state', {
        header: t('group.state'),
        minWidth: 80,
        width: 100,
        testId: true,
        render: (m) => (
          <Badge appearance="tint" color={COLORS[m.state]}>
            {t(`group.memberStates.${m.state}`)}
          </Badge>
        ),
      }),
      column('nickname', {
        minWidth: 100,
        width: 160,
        grow: 1,
        render: (m) => <OverflowText text={m.nickname ?? ''} />,
      }),
      column('addedAt', { kind: 'time', value: (m) => m.addedAt }),
      column('claimedAt', { kind: 'time', value: (m) => m.claimedAt ?? '' }),
      column('decidedBy', {
        minWidth: 80,
        width: 110,
        fold: 1,
        render: (m) => <OverflowText text={m.decidedBy ?? ''} />,
      }),
      column('decidedAt', { kind: 'time', fold: 2, value: (m) => m.decidedAt ?? '' }),
    ],
    [t, column],
  );

  const preImport = group.importMethod === 'preImport';
  return (
    <ResourceList
      resource={members}
      nested
      columns={columns}
      rowKey={(m) => m.id}
      actions={
        preImport && (
          <>
            <Button icon={<AddRegular />} onClick={() => setDialog('add')} data-testid="group-add-open">
              {t('group.add.open')}
            </Button>
            <Button
              icon={<DocumentArrowUpRegular />}
              onClick={() => setDialog('import')}
              data-testid="group-import-open"
            >
              {t('group.importing.open')}
            </Button>
          </>
        )
      }
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={50} />
          <ChoiceFilter {...source('state', t('group.state'))} options={GROUP_MEMBER_STATES} optionLabel={stateLabel} />
        </>
      }
      aboveTable={
        <BulkBar label={t('group.members.selected', { count: chosen.length })} testId="group-member-selected">
          {GROUP_MEMBER_ACTIONS.map((action) => (
            <BulkAction
              key={action}
              disabled={!allows(action)}
              danger={action === 'reject' || action === 'disable'}
              action={() => act(action)}
              testId={`group-member-${action}`}
            >
              {t(`group.members.${action}`)}
            </BulkAction>
          ))}
        </BulkBar>
      }
      table={{
        emptyAction: (
          <Text>
            {t(
              group.behaviour
                ? 'group.members.emptyBehaviour'
                : preImport
                  ? 'group.members.emptyPreImport'
                  : 'group.members.emptyRealTime',
            )}
          </Text>
        ),
        selection: selection.table(
          (m) => t('group.members.selectRow', { identifier: m.identifier }),
          t('group.members.selectAll'),
        ),
      }}
    >
      {dialog === 'add' && <AddIdentifiersDialog group={group} onClose={() => setDialog(null)} />}
      {dialog === 'import' && <GroupImportDialog group={group} onClose={() => setDialog(null)} />}
    </ResourceList>
  );
}
