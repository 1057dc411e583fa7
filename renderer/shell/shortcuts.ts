/** Spec §2 top-bar shortcuts under the navbar code rules: drawn inline, or in the "more" menu of a narrow bar. */
import {
  ChatWarningRegular,
  DocumentRegular,
  PaymentRegular,
  PersonRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import type { PermissionValue } from '../../shared/roles.js';
import { hasAny, NAVBAR_RULES, type RouteTitle } from '../../shared/routes.js';
import { useUser } from '../app/session.js';

export interface ShortcutDef {
  to: string;
  title: RouteTitle;
  icon: FluentIcon;
  testId: string;
  /** Shown only to holders of one of these values (spec: the navbar code rules). */
  values?: readonly PermissionValue[];
}

export const SHORTCUTS: readonly ShortcutDef[] = [
  { to: '/person', title: 'account.route.person', icon: PersonRegular, testId: 'shortcut-person' },
  {
    to: '/payCenter',
    title: 'route.payCenter',
    icon: PaymentRegular,
    testId: 'shortcut-payCenter',
    values: NAVBAR_RULES.dashboard,
  },
  { to: '/bill', title: 'route.bill', icon: DocumentRegular, testId: 'shortcut-bill', values: NAVBAR_RULES.dashboard },
  {
    to: '/orderManagement/customerService',
    title: 'route.customerService',
    icon: ChatWarningRegular,
    testId: 'shortcut-customerService',
    values: NAVBAR_RULES.information,
  },
];

/** The shortcuts the signed-in user may see. */
export function useShortcuts(): readonly ShortcutDef[] {
  const { allValue } = useUser();
  return SHORTCUTS.filter((s) => !s.values || hasAny(allValue, s.values));
}
