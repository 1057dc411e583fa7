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
  DataTable,
  DeleteAction,
  FilterBar,
  ListPage,
  OverflowText,
  Pager,
  RowAction,
  RowActions,
  TextFilter,
  useListPage,
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
  const { field, filter, unfiltered, apply, reset, table, pager, refresh } = useListPage('firmware.page', {
    empty: EMPTY,
  });
  const { act, dialog: confirm } = usePackageActions({ refresh });
  const models = useOp('firmware.models', {}, { staleTime: 60_000 });
  const modelIds = useMemo(() => (models.data ?? []).map((m) => String(m.id)), [models.data]);
  const shownModel = models.data?.find((m) => m.id === filter.modelId);

  const columns = useMemo<Column<PackageItem>[]>(
    () => [
      {
        id: 'version',
        header: t('firmware.version'),
        minWidth: 90,
        width: 130,
        hideable: false,
        cellTestId: 'firmware-row-version',
        render: (p) => <OverflowText text={p.version} />,
      },
      { id: 'model', header: t('firmware.model'), minWidth: 90, width: 120, value: (p) => p.modelName },
      {
        id: 'module',
        header: t('firmware.module'),
        minWidth: 90,
        width: 140,
        render: (p) => <OverflowText text={t(`device.modules.names.${p.module}`)} />,
      },
      {
        id: 'state',
        header: t('firmware.state'),
        minWidth: 80,
        width: 100,
        cellTestId: 'firmware-row-state',
        render: (p) => <StateBadge state={p.state} />,
      },
      {
        id: 'fromVersion',
        header: t('firmware.fromVersion'),
        minWidth: 90,
        width: 130,
        fold: 2,
        value: (p) => p.fromVersion ?? t('firmware.anyVersion'),
      },
      {
        id: 'file',
        header: t('firmware.fileName'),
        minWidth: 120,
        width: 200,
        grow: 1,
        fold: 1,
        render: (p) => <OverflowText text={p.fileName} />,
      },
      { id: 'size', header: t('firmware.size'), minWidth: 70, width: 90, value: (p) => formatBytes(p.size) },
      {
        id: 'createdAt',
        header: t('firmware.createdAt'),
        kind: 'time',
        fold: 3,
        value: (p) => p.createdAt,
      },
      {
        id: 'actions',
        pin: 'end',
        header: t('common.actions'),
        minWidth: 120,
        width: admin ? 220 : 110,
        shrinkLast: true,
        render: (p) => (
          <RowActions compact wrap>
            <RowAction icon={<OpenRegular />} action={() => void navigate(packagePath(p.id))} testId="firmware-open">
              {t('firmware.open')}
            </RowAction>
            {admin && p.state === 'draft' && (
              <RowAction opensDialog action={() => act('release', p)} testId="firmware-release">
                {t('firmware.release')}
              </RowAction>
            )}
            {admin && p.state === 'released' && (
              <RowAction danger opensDialog action={() => act('withdraw', p)} testId="firmware-withdraw">
                {t('firmware.withdraw')}
              </RowAction>
            )}
            {admin && p.state === 'draft' && <DeleteAction action={() => act('delete', p)} testId="firmware-delete" />}
          </RowActions>
        ),
      },
    ],
    [t, navigate, act, admin],
  );

  return (
    <ListPage
      id="firmware-title"
      title={t('firmware.route.firmware')}
      actions={
        admin && (
          <>
            <Button icon={<SettingsRegular />} onClick={() => setDialog('modules')} data-testid="firmware-modules">
              {t('firmware.editModules')}
            </Button>
            <CreateButton onClick={() => setDialog('upload')} testId="firmware-upload-open">
              {t('firmware.upload')}
            </CreateButton>
          </>
        )
      }
      filters={
        <FilterBar onSearch={apply} onReset={reset} searchTestId="firmware-search" resetTestId="firmware-reset">
          <TextFilter
            label={t('firmware.keyword')}
            {...field('keyword')}
            maxLength={40}
            testId="firmware-filter-keyword"
          />
          <ChoiceFilter
            label={t('firmware.model')}
            value={field('modelId').value === undefined ? undefined : String(field('modelId').value)}
            onChange={(v) => field('modelId').onChange(v === undefined ? undefined : Number(v))}
            options={modelIds}
            optionLabel={(id) => models.data?.find((m) => String(m.id) === id)?.name ?? id}
            testId="firmware-filter-model"
          />
          <ChoiceFilter
            label={t('firmware.module')}
            {...field('module')}
            options={MODULE_KINDS}
            optionLabel={(m) => t(`device.modules.names.${m}`)}
            testId="firmware-filter-module"
          />
          <ChoiceFilter
            label={t('firmware.state')}
            {...field('state')}
            options={admin ? PACKAGE_STATES : PACKAGE_STATES.filter((s) => s !== 'draft')}
            optionLabel={(s) => t(`firmware.states.${s}`)}
            testId="firmware-filter-state"
          />
        </FilterBar>
      }
    >
      {admin && shownModel && (
        <Text data-testid="firmware-limit">
          {t('firmware.limit', {
            model: shownModel.name,
            count: shownModel.packages,
            max: FIRMWARE_LIMITS.packagesPerModel,
          })}
        </Text>
      )}
      <DataTable
        label={t('firmware.route.firmware')}
        columns={columns}
        {...table}
        emptyAction={unfiltered ? <Text data-testid="firmware-empty-hint">{t('firmware.empty')}</Text> : undefined}
        rowKey={(p) => p.id}
        rowTestId="firmware-row"
        testId="firmware-table"
        onRowOpen={(p) => void navigate(packagePath(p.id))}
      />
      <Pager {...pager} testId="firmware-pager" />
      {confirm}
      {dialog === 'upload' && (
        <UploadDialog
          models={models.data ?? []}
          onClose={() => setDialog(null)}
          onCreated={(pkg) => void navigate(packagePath(pkg.id))}
        />
      )}
      {dialog === 'modules' && <ModulesDialog models={models.data ?? []} onClose={() => setDialog(null)} />}
    </ListPage>
  );
}
