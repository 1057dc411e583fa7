/**
 * Settings panel (spec §2): opened by a button at the right edge, 250 px from
 * the top; theme preset, light/dark (the OS's unless chosen), fixedHeader,
 * tagsView, sidebarLogo and showSettings. It closes on a click outside it
 * unless showSettings ("keep this panel open") is on.
 */
import {
  Button,
  Label,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Switch,
  Text,
  tokens,
  Tooltip,
  useFocusFinders,
  useModalAttributes,
} from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular, SettingsRegular } from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefs } from './prefs.js';
import {
  SETTINGS_BUTTON_TOP,
  SETTINGS_BUTTON_WIDTH,
  THEME_PRESETS,
  type Appearance,
  type ShellPrefs,
} from './settings.js';

const PANEL_WIDTH = 260;

const useStyles = makeStyles({
  button: {
    position: 'fixed',
    right: 0,
    top: `${SETTINGS_BUTTON_TOP}px`,
    zIndex: 1100,
    minWidth: `${SETTINGS_BUTTON_WIDTH}px`,
    width: `${SETTINGS_BUTTON_WIDTH}px`,
    height: '44px',
    paddingInline: 0,
    borderTopRightRadius: 0,
    borderBottomRightRadius: 0,
    borderTopLeftRadius: tokens.borderRadiusLarge,
    borderBottomLeftRadius: tokens.borderRadiusLarge,
  },
  buttonOpen: { right: `${PANEL_WIDTH}px` },
  panel: {
    position: 'fixed',
    top: 0,
    right: 0,
    bottom: 0,
    zIndex: 1100,
    width: `${PANEL_WIDTH}px`,
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalL,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  swatches: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  swatch: {
    width: '28px',
    height: '28px',
    padding: 0,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    color: '#fff',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

type SwitchKey = keyof Pick<ShellPrefs, 'fixedHeader' | 'tagsView' | 'sidebarLogo' | 'showSettings'>;
const SWITCHES: readonly SwitchKey[] = ['fixedHeader', 'tagsView', 'sidebarLogo', 'showSettings'];

export function SettingsPanel() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { prefs, setPrefs } = usePrefs();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const appearanceLabel = useId();
  const themeLabel = useId();

  // Open, the panel holds the focus (Tab goes round inside it) unless it is set to stay open beside the
  // page; either way Escape closes it and the focus goes back to its button.
  const modal = !prefs.showSettings;
  const { modalAttributes, triggerAttributes } = useModalAttributes({ trapFocus: modal, legacyTrapFocus: modal });
  const { findFirstFocusable } = useFocusFinders();
  useEffect(() => {
    if (open && panel.current) findFirstFocusable(panel.current)?.focus();
  }, [open, findFirstFocusable]);

  // Spec: a click outside closes it, unless it is set to stay open.
  useEffect(() => {
    if (!open || prefs.showSettings) return;
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node | null;
      if (!target || panel.current?.contains(target) || button.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, prefs.showSettings]);

  return (
    <>
      <Tooltip content={t('settings.open')} relationship="label">
        <Button
          ref={button}
          appearance="primary"
          className={mergeClasses(styles.button, open && styles.buttonOpen)}
          icon={open ? <DismissRegular /> : <SettingsRegular />}
          aria-expanded={open}
          {...triggerAttributes}
          onClick={() => setOpen((o) => !o)}
          data-testid="settings-button"
        />
      </Tooltip>
      {open && (
        <div
          ref={panel}
          className={styles.panel}
          role="dialog"
          aria-modal={modal}
          aria-label={t('settings.title')}
          {...modalAttributes}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            setOpen(false);
            button.current?.focus();
          }}
          data-testid="settings-panel"
        >
          <div className={styles.head}>
            <Text as="h2" weight="semibold" size={400}>
              {t('settings.title')}
            </Text>
          </div>
          <div className={styles.section}>
            <Label id={themeLabel}>{t('settings.theme')}</Label>
            <div className={styles.swatches} role="group" aria-labelledby={themeLabel}>
              {THEME_PRESETS.map((color) => {
                const chosen = prefs.theme.toLowerCase() === color.toLowerCase();
                return (
                  <button
                    key={color}
                    type="button"
                    className={styles.swatch}
                    style={{ backgroundColor: color }}
                    aria-pressed={chosen}
                    aria-label={t('settings.preset', { color })}
                    title={color}
                    onClick={() => setPrefs({ theme: color })}
                    data-testid={`theme-${color.slice(1)}`}
                  >
                    {chosen && <CheckmarkRegular aria-hidden />}
                  </button>
                );
              })}
            </div>
          </div>
          <div className={styles.section}>
            <Label id={appearanceLabel}>{t('settings.appearance')}</Label>
            <RadioGroup
              aria-labelledby={appearanceLabel}
              value={prefs.appearance}
              onChange={(_, d) => setPrefs({ appearance: d.value as Appearance })}
              data-testid="appearance"
            >
              <Radio value="system" label={t('settings.system')} data-testid="appearance-system" />
              <Radio value="light" label={t('settings.light')} data-testid="appearance-light" />
              <Radio value="dark" label={t('settings.dark')} data-testid="appearance-dark" />
            </RadioGroup>
          </div>
          <div className={styles.section}>
            {SWITCHES.map((key) => (
              <Switch
                key={key}
                checked={prefs[key]}
                onChange={(_, d) => setPrefs({ [key]: d.checked })}
                label={t(`settings.${key}`)}
                labelPosition="before"
                data-testid={`setting-${key}`}
              />
            ))}
          </div>
        </div>
      )}
    </>
  );
}
