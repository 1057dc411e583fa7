/**
 * /deviceList/firmware (beyond spec §2: the firmware families of §8 have no
 * screen there): the packages by model, module, state and a keyword, newest
 * first, each with its version, model and module, state, the lowest
 * version it upgrades from, size and release time. The system admin
 * uploads (a model's count against its 100 shown), sets a model's modules,
 * releases, withdraws and deletes drafts; tenants and members with 2-1 see
 * what has been released. A row opens the package.
 */
import { Button, Text } from '@fluentui/react-components';
import { OpenRegular, SettingsRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { MODULE_KINDS } from '../../shared/device/index.js';
import { FIRMWARE_LIMITS, PACKAGE_STATES, type PackageFilter, type PackageItem } from '../../shared/firmware/index.js';
import { formatBytes } from '../../shared/format.js';
import { useOp } from '../bridge.js';
import {
  ChoiceFilter,
  CreateButton,
  DeleteAction,
  IdChoiceFilter,
  OverflowText,
  ResourceList,
  RowAction,
  RowActions,
  TextFilter,
  useResource,
  useScreen,
  type Column,
} from '../kit/index.js';
import { ModulesDialog } from './ModulesDialog.js';
import { packagePath } from './paths.js';
import { StateBadge } from './StateBadge.js';
import { UploadDialog } from './UploadDialog.js';
import { usePackageActions } from './usePackageActions.js';

interface Filter {
  keyword: string;
  modelId?: number | undefined;
  module?: PackageFilter['module'];
  state?: PackageFilter['state'];
}
const EMPTY: Filter = { keyword: '' };

export default function FirmwarePage() {
  const { t, user, navigate } = useScreen();
  const admin = user.roleKind === 'admin';
  const [dialog, setDialog] = useState<'upload' | 'modules' | null>(null);
  const packages = useResource('firmware.page', { ns: 'firmware', testId: 'firmware', empty: EMPTY });
  const { column, source, action, labels, filter, refresh } = packages;
  const { act, dialog: confirm } = usePackageActions({ refresh });
  const models = useOp('firmware.models', {}, { staleTime: 60_000 });
  const shownModel = models.data?.find((m) => m.id === filter.modelId);
  const moduleName = (m: string) => t(`device.modules.names.${m}` as 'device.modules.names.mainBoard');

  const columns = useMemo<Column<PackageItem>[]>(
    () => [
      column('version', {
        minWidth: 90,
        width: 130,
        hideable: false,
        cellTestId: 'firmware-row-version',
        render: (p) => <OverflowText text={p.version} />,
      }),
      column('model', { minWidth: 90, width: 120, value: (p) => p.modelName }),
      column('module', { minWidth: 90, width: 140, render: (p) => <OverflowText text={moduleName(p.module)} /> }),
      column('state', {
        minWidth: 80,
        width: 100,
        cellTestId: 'firmware-row-state',
        render: (p) => <StateBadge state={p.state} />,
      }),
      column('fromVersion', {
        minWidth: 90,
        width: 130,
        fold: 2,
        value: (p) => p.fromVersion ?? t('firmware.anyVersion'),
      }),
      column('file', {
        header: t('firmware.fileName'),
        minWidth: 120,
        width: 200,
        grow: 1,
        fold: 1,
        render: (p) => <OverflowText text={p.fileName} />,
      }),
      column('size', { minWidth: 70, width: 90, value: (p) => formatBytes(p.size) }),
      column('createdAt', { kind: 'time', fold: 3, value: (p) => p.createdAt }),
      column('actions', {
        header: t('common.actions'),
        pin: 'end',
        minWidth: 120,
        width: admin ? 220 : 110,
        shrinkLast: true,
        render: (p) => (
          <RowActions compact wrap>
            <RowAction {...action('open')} icon={<OpenRegular />} action={() => void navigate(packagePath(p.id))} />
            {admin && p.state === 'draft' && (
              <RowAction {...action('release')} opensDialog action={() => act('release', p)} />
            )}
            {admin && p.state === 'released' && (
              <RowAction {...action('withdraw')} danger opensDialog action={() => act('withdraw', p)} />
            )}
            {admin && p.state === 'draft' && <DeleteAction action={() => act('delete', p)} testId="firmware-delete" />}
          </RowActions>
        ),
      }),
    ],
    [t, navigate, act, admin, column, action],
  );

  return (
    <ResourceList
      resource={packages}
      title={t('firmware.route.firmware')}
      columns={columns}
      rowKey={(p) => p.id}
      emptyHint={t('firmware.empty')}
      table={{ onRowOpen: (p) => void navigate(packagePath(p.id)) }}
      actions={
        admin && (
          <>
            <Button icon={<SettingsRegular />} onClick={() => setDialog('modules')} data-testid="firmware-modules">
              {t('firmware.editModules')}
            </Button>
            <CreateButton onClick={() => setDialog('upload')} {...action('upload-open', t('firmware.upload'))} />
          </>
        )
      }
      filters={
        <>
          <TextFilter {...source('keyword')} maxLength={40} />
          <IdChoiceFilter {...source('modelId', t('firmware.model'))} items={models.data} />
          <ChoiceFilter {...source('module')} options={MODULE_KINDS} optionLabel={moduleName} />
          <ChoiceFilter
            {...source('state')}
            options={admin ? PACKAGE_STATES : PACKAGE_STATES.filter((s) => s !== 'draft')}
            optionLabel={labels('states')}
          />
        </>
      }
      aboveTable={
        admin &&
        shownModel && (
          <Text data-testid="firmware-limit">
            {t('firmware.limit', {
              model: shownModel.name,
              count: shownModel.packages,
              max: FIRMWARE_LIMITS.packagesPerModel,
            })}
          </Text>
        )
      }
    >
      {confirm}
      {dialog === 'upload' && (
        <UploadDialog
          models={models.data ?? []}
          onClose={() => setDialog(null)}
          onCreated={(pkg) => void navigate(packagePath(pkg.id))}
        />
      )}
      {dialog === 'modules' && <ModulesDialog models={models.data ?? []} onClose={() => setDialog(null)} />}
    </ResourceList>
  );
}
