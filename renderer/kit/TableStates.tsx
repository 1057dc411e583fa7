/** What the DataTable shows instead of rows: skeleton rows while loading, "no data", a failed load with retry. */
import {
  Button,
  makeStyles,
  mergeClasses,
  SkeletonItem,
  TableCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, DocumentDismissRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // Sticky on the left with the visible width: the message stays in view in a table scrolled sideways.
  box: {
    position: 'sticky',
    left: 0,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalS,
    minHeight: '160px',
    padding: tokens.spacingVerticalL,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
  icon: { fontSize: '32px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** `count` rows of skeleton cells, one per column. */
export function SkeletonRows({ columns, count }: { columns: number; count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, r) => (
        <TableRow key={r} aria-hidden data-testid="table-skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            <TableCell key={c}>
              <SkeletonItem size={16} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

interface BoxProps {
  width: number | undefined;
  testId: string;
}

/** No rows: "no data", with the screen's create action where it has one. */
export function EmptyState({ width, testId, action }: BoxProps & { action?: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.box} style={{ width }} data-testid={`${testId}-empty`} role="status">
      <DocumentDismissRegular className={styles.icon} aria-hidden />
      <Text>{t('common.empty')}</Text>
      {action}
    </div>
  );
}

/** The load failed: say so (never an empty list with "total 0") and offer to try again. */
export function ErrorState({ width, testId, onRetry }: BoxProps & { onRetry?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.box} style={{ width }} data-testid={`${testId}-error`} role="alert">
      <ErrorCircleRegular className={mergeClasses(styles.icon, styles.error)} aria-hidden />
      <Text>{t('common.loadFailed')}</Text>
      {onRetry && (
        <Button icon={<ArrowClockwiseRegular />} onClick={onRetry} data-testid={`${testId}-retry`}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
