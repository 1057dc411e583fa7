/**
 * A table row's actions: small subtle buttons in a row. `compact` trims each
 * button's side padding (lists with many actions); `wrap` lets them take a
 * second line when the actions column is narrow, where otherwise they stay on
 * one line and the column scrolls.
 */
import {
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, type ActionButtonProps } from './ActionButton.js';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'nowrap', gap: tokens.spacingHorizontalXXS },
  wrap: { flexWrap: 'wrap' },
  compact: { minWidth: 'auto', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

const Compact = createContext(false);

export function RowActions({
  compact = false,
  wrap = false,
  children,
}: {
  compact?: boolean;
  wrap?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Compact.Provider value={compact}>
      <div className={mergeClasses(styles.row, wrap && styles.wrap)}>{children}</div>
    </Compact.Provider>
  );
}

export type RowActionProps = Omit<ActionButtonProps, 'size' | 'appearance' | 'data-testid'> & { testId: string };

export function RowAction({ testId, className, ...props }: RowActionProps) {
  const styles = useStyles();
  const compact = useContext(Compact);
  return (
    <ActionButton
      {...props}
      size="small"
      appearance="subtle"
      className={mergeClasses(compact && styles.compact, className)}
      data-testid={testId}
    />
  );
}

/** A row's Edit, with its icon. */
export function EditAction(props: Omit<RowActionProps, 'children' | 'icon'>) {
  const { t } = useTranslation();
  return (
    <RowAction icon={<EditRegular />} {...props}>
      {t('common.edit')}
    </RowAction>
  );
}

/** A row's Delete: red, with its icon (the screen asks before deleting). */
export function DeleteAction(props: Omit<RowActionProps, 'children' | 'icon' | 'danger'>) {
  const { t } = useTranslation();
  return (
    <RowAction danger icon={<DeleteRegular />} {...props}>
      {t('common.delete')}
    </RowAction>
  );
}

/** One entry of a row's "more" menu (its words as `children`, so a resource's `action()` spreads on it); left out when `shown` is false. */
export interface RowMoreItem {
  children: string;
  onClick: () => void;
  testId: string;
  shown?: boolean;
}

/**
 * A row's "more" menu: the "…" button (named `label`, a tooltip too) and
 * the actions a row has beyond its few buttons (a member's role and devices,
 * a distributor's callbacks and payment settings).
 */
export function RowMore({ label, testId, items }: { label: string; testId: string; items: readonly RowMoreItem[] }) {
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          size="small"
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={label}
          title={label}
          data-testid={testId}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items
            .filter((item) => item.shown !== false)
            .map((item) => (
              <MenuItem key={item.testId} onClick={item.onClick} data-testid={item.testId}>
                {item.children}
              </MenuItem>
            ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
