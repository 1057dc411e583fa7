/**
 * A table row's actions: small subtle buttons in a row. `compact` trims each
 * button's side padding (lists with many actions); `wrap` lets them take a
 * second line when the actions column is narrow, where otherwise they stay on
 * one line and the column scrolls.
 */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
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
