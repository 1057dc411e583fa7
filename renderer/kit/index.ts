/** The list-page kit (ARCHITECTURE §4): what every list screen is built from. */
export { ActionButton, useDangerStyles, type ActionButtonProps } from './ActionButton.js';
export { OverflowText } from './cells.js';
export { alignOf, displayValue, KIND_SIZES, kindAlign, sizeOf, type CellKind, type Column, type Overflow, type Sort } from './columns.js';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';
export { DataTable, VIRTUALIZE_AFTER, type DataTableProps, type RowKey, type RowSelection } from './DataTable.js';
export { FilterBar, FilterField, type FilterBarProps, type FilterFieldProps } from './FilterBar.js';
export { mayClose, type OpenChange } from './dialog.js';
export { createGuard, type Guard } from './guard.js';
export { listView, shownTotal, type ListQueryState, type ListView } from './listState.js';
export { Pager, type PagerProps } from './Pager.js';
export { pageCount, pageItems, PAGE_SIZES, parseJump, type PageItem } from './pages.js';
export { RegionPicker, type RegionPickerHandle, type RegionPickerProps } from './RegionPicker.js';
export { chooseIn, chosenOf, loadRegions, matching, regionColumns, regionValue, type RegionColumn, type RegionLevel } from './regions.js';
export { seesTenants, TenantDropdown, TenantField, tenantChoice, useTenants, type TenantChoice, type TenantDropdownProps, type TenantFieldProps } from './tenants.js';
export { apportion, columnWidths, type ColumnLayout, type ColumnSize } from './sizing.js';
export { useGuardedAction, type GuardedAction } from './useGuardedAction.js';
export { useSelection } from './useSelection.js';
