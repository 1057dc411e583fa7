/**
 * The books' screen: beyond spec §2's route list (docs/departures.md), a
 * menu entry of its own after the revenue shares, for the system admin and
 * the tenants (the checks cover a tenant's whole tree, not a member's part).
 */
import { ROLE_VALUE } from '../roles.js';
import { single, view } from '../routes/define.js';

export const booksRoutes = [
  single(
    106,
    view('/books', 'Books', 'books.route.books', { icon: 'books', roles: [ROLE_VALUE.admin, ROLE_VALUE.tenant] }),
  ),
];
