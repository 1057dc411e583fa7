/** Spec font size: default, medium, small, mini; the change refreshes the cached views and says so. */
import {
  Menu,
  MenuButton,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  type MenuProps,
} from '@fluentui/react-components';
import { TextFontSizeRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_SIZES } from '../../shared/ipc.js';
import { useNotify } from '../app/notify.js';
import { useShell } from './context.js';
import { usePrefs } from './prefs.js';
import type { FontSize } from './settings.js';

const isFontSize = (v: unknown): v is FontSize =>
  typeof v === 'string' && (FONT_SIZES as readonly string[]).includes(v);

/** The chosen size and the radio-menu handler that changes it (a menu holding `FontSizeItems` takes both). */
export function useFontSize() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { prefs, setPrefs } = usePrefs();
  const { refreshAll } = useShell();
  const choose = (next: unknown) => {
    if (!isFontSize(next) || next === prefs.size) return;
    setPrefs({ size: next });
    refreshAll();
    notify(t('settings.sizeChanged'));
  };
  const onChange: MenuProps['onCheckedValueChange'] = (_, { checkedItems }) => choose(checkedItems[0]);
  return { size: prefs.size, onChange, choose };
}

/** The font-size menu of the top bar, with the trigger of its place. */
export function FontSizeMenu({ trigger }: { trigger: (size: FontSize) => ReactElement }) {
  const { size, onChange } = useFontSize();
  return (
    <Menu checkedValues={{ size: [size] }} onCheckedValueChange={onChange}>
      <MenuTrigger disableButtonEnhancement>{trigger(size)}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          <FontSizeItems />
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** The sizes as radio items of the menu they stand in (its checked values are `useFontSize`'s). */
export function FontSizeItems() {
  const { t } = useTranslation();
  return FONT_SIZES.map((s) => (
    <MenuItemRadio key={s} name="size" value={s} data-testid={`font-size-${s}`}>
      {t(`settings.sizes.${s}`)}
    </MenuItemRadio>
  ));
}

/** The top bar's icon button. */
export function FontSizeButton() {
  const { t } = useTranslation();
  return (
    <FontSizeMenu
      trigger={(size) => (
        <Tooltip content={t('shell.fontSize')} relationship="label">
          <MenuButton appearance="subtle" icon={<TextFontSizeRegular />} data-testid="font-size" data-size={size} />
        </Tooltip>
      )}
    />
  );
}
