/**
 * A button that runs a call: busy (with a spinner) while it runs, and a
 * second click meanwhile does nothing (useGuardedAction). Also the look of
 * destructive actions, and a button that is not offered "because…" with a
 * tooltip saying why.
 *
 * Busy and refused buttons stay focusable (`disabledFocusable`, i.e.
 * aria-disabled) instead of `disabled`: a disabled button drops the focus to
 * <body>, outside any open dialog, and Escape then no longer reaches it.
 */
import {
  Button,
  makeStyles,
  mergeClasses,
  shorthands,
  Spinner,
  tokens,
  Tooltip,
  useId,
  useRestoreFocusTarget,
  type ButtonProps,
} from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useReport } from '../app/report.js';
import { useGuardedAction } from './useGuardedAction.js';

/**
 * Fluent has no danger appearance: red from the palette tokens (so themes
 * and high contrast still apply), back to the neutral disabled look when
 * disabled or aria-disabled (a red Recycle with nothing selected looked
 * ready to click).
 */
const disabledSolid = {
  backgroundColor: tokens.colorNeutralBackgroundDisabled,
  color: tokens.colorNeutralForegroundDisabled,
  ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled),
};
const disabledSubtle = { color: tokens.colorNeutralForegroundDisabled, backgroundColor: 'transparent' };

// A label never wraps inside itself (the two characters of "edit" on two lines in a narrow actions column): the column makes room or scrolls.
const useStyles = makeStyles({ root: { whiteSpace: 'nowrap', flexShrink: 0 } });

export const useDangerStyles = makeStyles({
  solid: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ...shorthands.borderColor('transparent'),
    ':hover': {
      backgroundColor: tokens.colorPaletteRedForeground1,
      color: tokens.colorNeutralForegroundOnBrand,
      ...shorthands.borderColor('transparent'),
    },
    ':hover:active': {
      backgroundColor: tokens.colorPaletteDarkRedBackground2,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    '&[aria-disabled="true"], &:disabled': disabledSolid,
    '&[aria-disabled="true"]:hover, &:disabled:hover': disabledSolid,
  },
  subtle: {
    color: tokens.colorPaletteRedForeground1,
    ':hover': { color: tokens.colorPaletteRedForeground1, backgroundColor: tokens.colorPaletteRedBackground1 },
    ':hover:active': { color: tokens.colorPaletteRedForeground1, backgroundColor: tokens.colorPaletteRedBackground2 },
    '& .fui-Button__icon': { color: 'inherit' },
    '&[aria-disabled="true"], &:disabled': disabledSubtle,
    '&[aria-disabled="true"]:hover, &:disabled:hover': disabledSubtle,
  },
});

export interface ActionButtonProps {
  children?: ReactNode;
  icon?: ButtonProps['icon'];
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  /** It opens a dialog: focus comes back to it when the dialog closes (Fluent's restore-focus target). */
  opensDialog?: boolean;
  /** The call; the button is busy until it settles. Errors are its own to report. */
  action: () => unknown;
  /** Busy for a reason of the screen's (the same call started elsewhere). */
  busy?: boolean;
  /** Not offered, and why: the button is disabled with this tooltip. */
  disabledReason?: string | undefined;
  /** Destructive: red. */
  danger?: boolean;
}

export function ActionButton({
  action,
  busy = false,
  disabledReason,
  danger = false,
  opensDialog = false,
  icon,
  className,
  appearance,
  ...rest
}: ActionButtonProps) {
  const report = useReport();
  const restoreTarget = useRestoreFocusTarget();
  const danged = useDangerStyles();
  const styles = useStyles();
  const guarded = useGuardedAction(async () => {
    await action();
  });
  const working = busy || guarded.busy;
  const reasonId = useId('action-reason-');
  // The button the reason is shown beside, while it is pointed at or focused.
  const [shownAt, setShownAt] = useState<HTMLElement | null>(null);
  const reasonProps =
    disabledReason === undefined
      ? {}
      : {
          'aria-describedby': reasonId,
          onPointerEnter: (e: { currentTarget: HTMLElement }) => setShownAt(e.currentTarget),
          onPointerLeave: () => setShownAt(null),
          onFocus: (e: { currentTarget: HTMLElement }) => setShownAt(e.currentTarget),
          onBlur: () => setShownAt(null),
        };
  const button = (
    <Button
      {...rest}
      {...reasonProps}
      {...(opensDialog ? restoreTarget : {})}
      appearance={appearance}
      icon={working ? <Spinner size="extra-tiny" /> : icon}
      disabledFocusable={working || disabledReason !== undefined}
      aria-busy={working || undefined}
      className={mergeClasses(
        styles.root,
        danger && (appearance === 'primary' ? danged.solid : danged.subtle),
        className,
      )}
      // A failure that escaped the action is a bug of ours: shown as the unknown error, never thrown away.
      onClick={() => void guarded.run().catch((error: unknown) => report(error))}
    />
  );
  if (disabledReason === undefined) return button;
  // Why it is not offered: read out with the button (its description, a hidden text beside it), and shown in a
  // tooltip made only while the button is pointed at or focused. Fluent's tooltip of a description is always
  // made, with a portal of its own: a list whose rows each had a refused delete made one per row (the categories'
  // rows took 160–200 ms to draw). The tooltip is placed against the button, not wrapped around it: wrapping it
  // when the pointer came would make the button afresh, and lose its focus and the pointer's leave.
  return (
    <>
      {button}
      <span id={reasonId} hidden>
        {disabledReason}
      </span>
      {shownAt && (
        <Tooltip
          content={disabledReason}
          relationship="inaccessible"
          visible
          positioning={{ target: shownAt }}
          onVisibleChange={(_, d) => !d.visible && setShownAt(null)}
        >
          <span hidden />
        </Tooltip>
      )}
    </>
  );
}
