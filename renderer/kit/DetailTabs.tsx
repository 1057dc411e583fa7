/**
 * A record page's tabs and the panel of the chosen one (a customer's points
 * and prices, a distributor's settings, a member's points and orders): the
 * tab list scrolls sideways on a narrow window, the panel is labelled by its
 * tab. Keep the choice in the address with `useTabParam`.
 */
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  tabs: { overflowX: 'auto', flexShrink: 0 },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
    paddingTop: tokens.spacingVerticalS,
  },
});

export interface DetailTabsProps<T extends string> {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** A tab's words. */
  label: (tab: T) => string;
  /** `<testId>s` names the list, `<testId>-<tab>` each tab. */
  testId: string;
  /** The chosen tab's panel. */
  children: ReactNode;
}

export function DetailTabs<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  testId,
  children,
}: DetailTabsProps<T>) {
  const styles = useStyles();
  return (
    <>
      <TabList
        className={styles.tabs}
        selectedValue={selected}
        onTabSelect={(_, d) => onSelect(d.value as T)}
        data-testid={`${testId}s`}
      >
        {tabs.map((x) => (
          <Tab key={x} value={x} data-testid={`${testId}-${x}`}>
            {label(x)}
          </Tab>
        ))}
      </TabList>
      <div className={styles.panel} role="tabpanel" aria-label={label(selected)}>
        {children}
      </div>
    </>
  );
}
