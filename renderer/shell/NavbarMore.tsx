/**
 * The top bar's "more" menu: what a narrow bar folds away (navbarLayout.ts)
 * stays one click off — the shortcuts, fullscreen and the font size. The
 * sizes are a group of this menu, not a submenu: at 400 px a submenu had no
 * room beside it, and the way to it crossed the page, which closed it.
 */
import {
  Menu,
  MenuButton,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
} from '@fluentui/react-components';
import { FullScreenMaximizeRegular, FullScreenMinimizeRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { titleText } from '../i18n/index.js';
import { FontSizeItems, useFontSize } from './FontSizeMenu.js';
import { useFullscreen } from './fullscreen.js';
import type { NavbarLayout } from './navbarLayout.js';
import { useShortcuts } from './shortcuts.js';

export function NavbarMore({ layout }: { layout: NavbarLayout }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shortcuts = useShortcuts();
  const fullscreen = useFullscreen();
  const fontSize = useFontSize();
  return (
    <Menu positioning="below-end" checkedValues={{ size: [fontSize.size] }} onCheckedValueChange={fontSize.onChange}>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('shell.more')} relationship="label">
          <MenuButton appearance="subtle" icon={<MoreHorizontalRegular />} data-testid="navbar-more" />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {!layout.shortcuts &&
            shortcuts.map(({ to, title, icon: Icon, testId }) => (
              <MenuItem key={to} icon={<Icon />} onClick={() => void navigate(to)} data-testid={`more-${testId}`}>
                {titleText(t, title)}
              </MenuItem>
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
              <MenuDivider />
              <MenuGroup data-testid="more-font-size">
                <MenuGroupHeader>{t('shell.fontSize')}</MenuGroupHeader>
                <FontSizeItems />
              </MenuGroup>
            </>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
