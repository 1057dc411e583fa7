/**
 * The top bar's profile menu (spec §2 top bar: profile, logout; §4 password
 * dialog): the user's name and role on the trigger; account info (/person),
 * change password, sign out.
 */
import {
  Avatar,
  makeStyles,
  Menu,
  MenuButton,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import { KeyRegular, PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canChangePassword } from '../../shared/password.js';
import { roleNameKey, useSignOut, useUser } from '../app/session.js';
import { PasswordDialog } from './PasswordDialog.js';

const useStyles = makeStyles({
  who: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: tokens.lineHeightBase200, textAlign: 'start' },
  role: { color: tokens.colorNeutralForeground3 },
});

/** Account info route (spec §2 top-bar shortcut). */
export const PERSON_PATH = '/person';

export function ProfileMenu() {
  const { t } = useTranslation();
  const styles = useStyles();
  const user = useUser();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const roleKey = roleNameKey(user.roleName);

  return (
    <>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <MenuButton
            appearance="subtle"
            icon={<Avatar name={user.name} size={28} color="colorful" aria-hidden />}
            aria-label={t('profile.menu')}
            data-testid="profile-menu"
          >
            <span className={styles.who}>
              <Text weight="semibold" size={300} data-testid="user-name">{user.name}</Text>
              <Text size={200} className={styles.role} data-testid="user-role">{roleKey ? t(roleKey) : user.roleName}</Text>
            </span>
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<PersonRegular />} onClick={() => void navigate(PERSON_PATH)} data-testid="profile-person">
              {t('profile.person')}
            </MenuItem>
            {canChangePassword(user) && (
              <MenuItem icon={<KeyRegular />} onClick={() => setPasswordOpen(true)} data-testid="profile-password">
                {t('profile.password')}
              </MenuItem>
            )}
            <MenuDivider />
            <MenuItem icon={<SignOutRegular />} onClick={() => void signOut()} data-testid="sign-out">
              {t('profile.signOut')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <PasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
