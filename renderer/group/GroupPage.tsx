/**
 * /marketing/groudetale?id= (hidden, spec §2 group detail): one customer
 * group — its definition, identifier, import method, review, state, how many
 * it counts, how many identifiers wait to be claimed and how many claims wait
 * for review — with its members below (GroupMembersPanel); a behaviour
 * group with its conditions, when it was last computed, and "compute now".
 * Edit, disable or enable and delete from here.
 */
import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { CODE } from '../../shared/domains.js';
import { formatTime } from '../../shared/format.js';
import { useDetail } from '../app/detail.js';
import { useOpMutation } from '../bridge.js';
import { DetailPage, InfoList, useGuardedAction, useScreen } from '../kit/index.js';
import { Freshness, RuleSummary } from './RuleSummary.js';
import { GroupMembersPanel } from './GroupMembersPanel.js';
import { editGroupPath, GROUPS_PATH } from './paths.js';
import { useGroupActions } from './useGroupActions.js';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

export default function GroupPage() {
  const { t, client, navigate, notify, report } = useScreen();
  const styles = useStyles();
  const actions = useGroupActions({
    refresh: () => client.invalidateQueries({ queryKey: ['group.info'] }),
    deleted: () => void navigate(GROUPS_PATH),
  });
  const recomputeOp = useOpMutation('group.recompute', { invalidates: ['group.info', 'group.page'] });
  const recompute = useGuardedAction(async (id: number) => {
    try {
      await recomputeOp.mutateAsync({ params: { id } });
      notify(t('group.recomputeRequested'));
    } catch (error) {
      report(error);
    }
  });
  const { gate, data, back } = useDetail('group.info', {
    backTo: GROUPS_PATH,
    backLabel: t('common.back'),
    testId: 'group-page',
    notFoundCode: CODE.groupNotFound,
    invalidId: t('group.notFound'),
  });
  // While a computation is asked for, the page asks again every two seconds: the new size and members show when it is done.
  const computing = data?.computing === true;
  useEffect(() => {
    if (!computing) return;
    const timer = setInterval(() => {
      void client.invalidateQueries({ queryKey: ['group.info'] });
      void client.invalidateQueries({ queryKey: ['group.members'] });
    }, 2_000);
    return () => clearInterval(timer);
  }, [computing, client]);
  if (gate) return gate;
  const normal = data.state === 'normal';
  return (
    <DetailPage
      id="group-page"
      title={data.name}
      back={back}
      wide
      titleTestId="group-page-title"
      actions={
        <div className={styles.actions}>
          <Badge appearance="tint" color={normal ? 'success' : 'informative'} data-testid="group-page-state">
            {t(`group.states.${data.state}`)}
          </Badge>
          {data.behaviour && (
            <Button
              icon={<ArrowClockwiseRegular />}
              disabled={!normal || data.computing}
              onClick={() => void recompute.run(data.id)}
              data-testid="group-page-recompute"
            >
              {t('group.recompute')}
            </Button>
          )}
          <Button
            icon={<EditRegular />}
            onClick={() => void navigate(editGroupPath(data.id))}
            data-testid="group-page-edit"
          >
            {t('group.edit')}
          </Button>
          <Button onClick={() => actions.ask(normal ? 'disable' : 'enable', data)} data-testid="group-page-toggle">
            {t(normal ? 'group.disable' : 'group.enable')}
          </Button>
          <Button icon={<DeleteRegular />} onClick={() => actions.ask('delete', data)} data-testid="group-page-delete">
            {t('group.delete')}
          </Button>
        </div>
      }
    >
      <InfoList
        items={[
          { label: t('group.definition'), value: data.definition },
          { label: t('group.importMethod'), value: t(`group.importMethods.${data.importMethod}`) },
          ...(data.behaviour
            ? [
                { label: t('group.behaviour.title'), value: <RuleSummary rule={data.behaviour} /> },
                {
                  label: t('group.computedAt'),
                  value: <Freshness group={data} />,
                  testId: 'group-page-computed',
                },
              ]
            : [
                { label: t('group.identifier'), value: t(`group.identifiers.${data.identifier}`) },
                { label: t('group.review'), value: t(data.review ? 'group.reviewOn' : 'group.reviewOff') },
              ]),
          { label: t('group.size'), value: data.size, testId: 'group-page-size' },
          ...(data.behaviour
            ? []
            : [
                { label: t('group.inactive'), value: data.inactive, testId: 'group-page-inactive' },
                { label: t('group.pending'), value: data.pending, testId: 'group-page-pending' },
              ]),
          { label: t('common.tenant'), value: data.tenantName },
          { label: t('group.createdAt'), value: formatTime(data.createdAt) },
        ]}
      />
      <GroupMembersPanel group={data} />
      {actions.dialog}
    </DetailPage>
  );
}
