/** Account info (spec §2 /person): hidden, in every route set, since the profile menu offers it to every user. Last, so it is never the member route forced to `/`. */
import { single, view } from '../routes/define.js';

export const accountRoutes = [
  single(1000, view('/person', 'Person', 'account.route.person', { icon: 'account', everySet: true }, true)),
];
