/**
 * The top bar's "more" menu: what a narrow bar folds away (navbarLayout.ts)
 * stays one click off — the shortcuts, fullscreen and the font size.
 */
import { Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import {
  FullScreenMaximizeRegular, FullScreenMinimizeRegular, MoreHorizontalRegular, TextFontSizeRegular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { titleText } from '../i18n/index.js';
import { FontSizeMenu } from './FontSizeMenu.js';
import { useFullscreen } from './fullscreen.js';
import type { NavbarLayout } from './navbarLayout.js';
import { useShortcuts } from './shortcuts.js';

function FontSizeSubmenu() {
  const { t } = useTranslation();
  return <FontSizeMenu trigger={() => <MenuItem icon={<TextFontSizeRegular />} data-testid="more-font-size">{t('shell.fontSize')}</MenuItem>} />;
}

export function NavbarMore({ layout }: { layout: NavbarLayout }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shortcuts = useShortcuts();
  const fullscreen = useFullscreen();
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('shell.more')} relationship="label">
          <MenuButton appearance="subtle" icon={<MoreHorizontalRegular />} data-testid="navbar-more" />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {!layout.shortcuts && shortcuts.map(({ to, title, icon: Icon, testId }) => (
            <MenuItem key={to} icon={<Icon />} onClick={() => void navigate(to)} data-testid={`more-${testId}`}>{titleText(t, title)}</MenuItem>
          ))}
          {!layout.tools && (
            <>
              <MenuItem
                icon={fullscreen.full ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />}
                onClick={fullscreen.toggle}
                data-testid="more-fullscreen"
              >
                {fullscreen.label}
              </MenuItem>
              <FontSizeSubmenu />
            </>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
