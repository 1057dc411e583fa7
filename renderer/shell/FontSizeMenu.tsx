/** Spec font size: default, medium, small, mini; the change refreshes the cached views and says so. */
import { Menu, MenuButton, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Tooltip, type MenuProps } from '@fluentui/react-components';
import { TextFontSizeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { FONT_SIZES } from '../../shared/ipc.js';
import { useNotify } from '../app/notify.js';
import { useShell } from './context.js';
import { usePrefs } from './prefs.js';
import type { FontSize } from './settings.js';

const isFontSize = (v: unknown): v is FontSize => typeof v === 'string' && (FONT_SIZES as readonly string[]).includes(v);

/** The chosen size and the radio-menu handler that changes it (the top bar's menu and its "more" menu share it). */
export function useFontSize() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { prefs, setPrefs } = usePrefs();
  const { refreshAll } = useShell();
  const onChange: MenuProps['onCheckedValueChange'] = (_, { checkedItems }) => {
    const next = checkedItems[0];
    if (!isFontSize(next) || next === prefs.size) return;
    setPrefs({ size: next });
    refreshAll();
    notify(t('settings.sizeChanged'));
  };
  return { size: prefs.size, onChange };
}

/** The sizes as radio items of a menu whose `checkedValues` holds `size`. */
export function FontSizeItems() {
  const { t } = useTranslation();
  return (
    <>
      {FONT_SIZES.map((size) => (
        <MenuItemRadio key={size} name="size" value={size} data-testid={`font-size-${size}`}>
          {t(`settings.sizes.${size}`)}
        </MenuItemRadio>
      ))}
    </>
  );
}

export function FontSizeMenu() {
  const { t } = useTranslation();
  const { size, onChange } = useFontSize();
  return (
    <Menu checkedValues={{ size: [size] }} onCheckedValueChange={onChange}>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('shell.fontSize')} relationship="label">
          <MenuButton appearance="subtle" icon={<TextFontSizeRegular />} data-testid="font-size" data-size={size} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <FontSizeItems />
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
