/**
 * The demo world's keys, in one place: each domain's demo names its rows by
 * these and finds the rows of the domains it builds on by them (DemoIds),
 * so no demo imports another domain for a key — the account's demo names
 * the tenant and role of each demo account, yet builds on neither domain.
 * A key that names no row fails the demo load.
 */
export type TenantKey = 'A' | 'A1' | 'B';
export type RoleKey = 'operator' | 'orderClerk' | 'cataloguer';
export type PointKey =
  | 'hongqiao'
  | 'peoplesSquare'
  | 'hangzhouEast'
  | 'xinjiekou'
  | 'xinghai'
  | 'guangzhouSouth'
  | 'shenzhenNorth'
  | 'tianhe';
