/** The renderer's icons for the route table's icon names. */
import {
  BoardRegular,
  BookCoinsRegular,
  HistoryRegular,
  BoxRegular,
  BuildingRegular,
  BuildingShopRegular,
  CircleSmallRegular,
  DatabaseRegular,
  FoodAppleRegular,
  LocationRegular,
  MoneyHandRegular,
  MegaphoneRegular,
  PeopleCommunityRegular,
  PeopleRegular,
  PeopleTeamRegular,
  PersonRegular,
  PhoneDesktopRegular,
  ReceiptRegular,
  type FluentIcon,
} from '@fluentui/react-icons';
import type { IconName } from '../../shared/routes.js';

const ICONS: Readonly<Record<IconName, FluentIcon>> = {
  dashboard: BoardRegular,
  device: PhoneDesktopRegular,
  location: LocationRegular,
  account: PersonRegular,
  team: PeopleTeamRegular,
  product: BoxRegular,
  order: ReceiptRegular,
  member: PeopleCommunityRegular,
  marketing: MegaphoneRegular,
  tenant: BuildingShopRegular,
  pool: DatabaseRegular,
  enterprise: BuildingRegular,
  staff: PeopleRegular,
  share: MoneyHandRegular,
  books: BookCoinsRegular,
  oplog: HistoryRegular,
  fresh: FoodAppleRegular,
};

export function RouteIcon({ name, className }: { name: IconName | undefined; className?: string }) {
  const Icon = name ? ICONS[name] : CircleSmallRegular;
  return <Icon className={className} aria-hidden />;
}
