/**
 * The top bar's profile menu (spec §2 top bar: profile, logout; §4 password
 * dialog): the user's name and role on the trigger; account info (/person),
 * change password, sign out.
 */
import { useOp } from '../bridge.js';
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
  mergeClasses,
  Text,
  tokens,
} from '@fluentui/react-components';
import { KeyRegular, PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { canChangePassword } from '../../shared/passwordRequest.js';
import { roleNameKey, useSignOut } from '../app/session.js';
import { useNavbarLabels } from '../shell/navbarLayout.js';
import { PasswordDialog } from './PasswordDialog.js';
import { useScreen } from '../kit/index.js';
import { PERSON_PATH } from './paths.js';

const useStyles = makeStyles({
  who: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    lineHeight: tokens.lineHeightBase200,
    textAlign: 'start',
    // A long tenant name must not push the top bar's other items off.
    maxWidth: '160px',
    overflow: 'hidden',
  },
  line: { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  role: { color: tokens.colorNeutralForeground3 },
});

export function ProfileMenu() {
  const { t, user, navigate } = useScreen();
  const styles = useStyles();
  const signOut = useSignOut();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const roleKey = roleNameKey(user.roleName);
  // The avatar set on the account page (spec §3: the session user's avatar, 80×80), drawn small here.
  const avatar = useOp('account.profile', {}, { staleTime: 60_000 }).data?.avatar;
  // A narrow top bar shows the avatar alone; the name stays in the button's label.
  const labels = useNavbarLabels();

  return (
    <>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <MenuButton
            appearance="subtle"
            icon={
              <Avatar
                name={user.name}
                size={28}
                color="colorful"
                aria-hidden
                image={avatar ? { src: `/files/${avatar}` } : undefined}
              />
            }
            // Shown, the name and role are its name (an aria-label would hide them from a screen reader); the avatar alone needs one.
            aria-label={labels ? undefined : t('account.profile.menu')}
            data-testid="profile-menu"
          >
            {labels ? (
              <span className={styles.who}>
                <Text weight="semibold" size={300} className={styles.line} data-testid="user-name">
                  {user.name}
                </Text>
                <Text size={200} className={mergeClasses(styles.role, styles.line)} data-testid="user-role">
                  {roleKey ? t(roleKey) : user.roleName}
                </Text>
              </span>
            ) : null}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<PersonRegular />} onClick={() => void navigate(PERSON_PATH)} data-testid="profile-person">
              {t('account.profile.person')}
            </MenuItem>
            {canChangePassword(user) && (
              <MenuItem icon={<KeyRegular />} onClick={() => setPasswordOpen(true)} data-testid="profile-password">
                {t('account.profile.password')}
              </MenuItem>
            )}
            <MenuDivider />
            <MenuItem icon={<SignOutRegular />} onClick={() => void signOut()} data-testid="sign-out">
              {t('account.profile.signOut')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <PasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
