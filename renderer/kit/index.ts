/** The list-page kit (ARCHITECTURE §4): what every list screen is built from. */
export { base64Of, sha256Hex } from './bytes.js';
export { ActionButton, useDangerStyles, type ActionButtonProps } from './ActionButton.js';
export { ExportButton, type ExportButtonProps } from './ExportButton.js';
export { CopyLinkButton } from './CopyLinkButton.js';
export { BulkAction, BulkBar, type BulkActionProps } from './BulkBar.js';
export { OverflowText } from './cells.js';
export { StateBadge, type BadgeColour } from './StateBadge.js';
export {
  alignOf,
  tenantColumn,
  displayValue,
  KIND_SIZES,
  kindAlign,
  sizeOf,
  type CellKind,
  type Column,
  type Overflow,
  type Sort,
} from './columns.js';
export { CheckGroup, type CheckGroupProps } from './CheckGroup.js';
export {
  Choice,
  ChoiceFilter,
  FlagFilter,
  IdChoiceFilter,
  type ChoiceFilterProps,
  type ChoiceProps,
} from './Choice.js';
export { ListHead } from './ListHead.js';
export { CreateButton, ListPage, type ListPageProps } from './ListPage.js';
export {
  DeleteAction,
  EditAction,
  RowAction,
  RowActions,
  RowMore,
  type RowActionProps,
  type RowMoreItem,
} from './RowActions.js';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';
export { DataTable, VIRTUALIZE_AFTER, type DataTableProps, type RowKey, type RowSelection } from './DataTable.js';
export {
  FilterBar,
  FilterField,
  TextFilter,
  useFilterShown,
  type FilterBarProps,
  type FilterFieldProps,
  type TextFilterProps,
} from './FilterBar.js';
export { closeDecision, type CloseDecision, type OpenChange } from './dialog.js';
export { useCloseGuard } from './useCloseGuard.js';
export { FormDialog, type FormDialogProps } from './FormDialog.js';
export { FormChoice, type FormChoiceProps } from './FormChoice.js';
export { FormRadio, type FormRadioProps } from './FormRadio.js';
export { createGuard, type Guard } from './guard.js';
export { listView, shownTotal, type ListQueryState, type ListView } from './listState.js';
export { Pager, type PagerProps } from './Pager.js';
export { pageCount, pageItems, PAGE_SIZES, parseJump, type PageItem } from './pages.js';
export { RegionPicker, type RegionPickerHandle, type RegionPickerProps } from './RegionPicker.js';
export {
  chooseIn,
  chosenOf,
  loadRegions,
  matching,
  regionColumns,
  regionValue,
  type RegionColumn,
  type RegionLevel,
} from './regions.js';
export {
  forTenant,
  FormTenantField,
  type FormTenantFieldProps,
  seesTenants,
  TenantDropdown,
  TenantField,
  TenantFilter,
  tenantChoice,
  useOwnerTenant,
  OwnerTenantField,
  useTenants,
  type OwnerTenant,
  type TenantChoice,
  type TenantDropdownProps,
  type TenantFieldProps,
  type TenantFilterProps,
} from './tenants.js';
export { apportion, columnWidths, type ColumnLayout, type ColumnSize } from './sizing.js';
export { useDialogSave, type DialogSave } from './useDialogSave.js';
export { useGuardedAction, type GuardedAction } from './useGuardedAction.js';
export { useSelection } from './useSelection.js';
export { useSettled } from './useSettled.js';
export { MultiPick, productOption, type MultiPickProps, type PickOption } from './MultiPick.js';
export { useLastPage, type Paging } from './usePaging.js';
export { computerOffset, useZoneNote } from './zone.js';
export { useFormGrid } from './formGrid.js';
export { DateTimeInput, type DateTimeInputProps } from './DateTimeInput.js';
export { parseDateText, type DateTextMode } from './dateText.js';
export { rangeInstants, rangeProblems, type RangeProblems } from './timeRange.js';
export {
  draftField,
  filterBody,
  type DraftField,
  useListPage,
  type ListPageState,
  type ListPageOptions,
  type PageBody,
  type PageOp,
  type PageRow,
  type TableState,
} from './useListPage.js';
export { DetailPage, InfoList, type DetailPageProps, type InfoItem } from './DetailPage.js';
export { DetailTabs, type DetailTabsProps } from './DetailTabs.js';
export { useScreen } from './useScreen.js';
export { useTabParam } from './useTabParam.js';
export { SheetImportDialog, type ImportStatusOp, type SheetImportDialogProps } from './SheetImportDialog.js';
export {
  ResourceList,
  useResource,
  type ColumnSpec,
  type Resource,
  type ResourceListProps,
  type ResourceOptions,
} from './resource.js';
export {
  rowCommand,
  rowDelete,
  useRowCommands,
  type DeleteOp,
  type RowCommand,
  type RowCommandOptions,
  type RowCommands,
} from './rowCommands.js';
