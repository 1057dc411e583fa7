/**
 * THE list of the shared layer (ARCHITECTURE §4): every domain's manifest.
 * A new domain adds one line to DOMAINS; everything below is assembled from
 * it — the API table, the error catalogue, the UI catalogues, the route
 * groups — and refuses an operation, a code or a text group defined twice.
 */
import { assembleApi, SUCCESS, type ContentOf, type InputOf } from './api/define.js';
import { assembleErrors, type ErrorTable } from './errors/define.js';
import { createPolicy } from './errors/policy.js';
import { assembleTexts, type Lang } from './i18n/define.js';
import { deriveRouteSets, joinRouteGroups, type RouteGroupDecl, type RouteJoinDecl } from './routes/define.js';
import {
  commonErrors,
  commonTexts,
  kitTexts,
  pendingPowers,
  pendingRoutes,
  routeTexts,
  shellTexts,
} from './common/index.js';
import { account } from './account/index.js';
import { tenant } from './tenant/index.js';
import { staff } from './staff/index.js';
import { device } from './device/index.js';
import { point } from './point/index.js';
import { file } from './file/index.js';
import { product } from './product/index.js';
import { order } from './order/index.js';
import { scene } from './scene/index.js';
import { refund } from './refund/index.js';
import { complaint } from './complaint/index.js';
import { dashboard } from './dashboard/index.js';
import { billing } from './billing/index.js';
import { delivery } from './delivery/index.js';
import { payment } from './payment/index.js';
import { callback } from './callback/index.js';
import { customer } from './customer/index.js';
import { member } from './member/index.js';
import { group } from './group/index.js';
import { activity } from './activity/index.js';
import { firmware } from './firmware/index.js';
import { price } from './price/index.js';
import { share } from './share/index.js';
import { books } from './books/index.js';
import { reconciliation } from './reconciliation/index.js';
import { oplog } from './oplog/index.js';
import { wallet } from './wallet/index.js';
import { fresh } from './fresh/index.js';

export const DOMAINS = [
  account,
  tenant,
  staff,
  device,
  point,
  file,
  product,
  order,
  scene,
  refund,
  complaint,
  dashboard,
  billing,
  delivery,
  payment,
  callback,
  customer,
  member,
  activity,
  group,
  firmware,
  price,
  share,
  books,
  reconciliation,
  oplog,
  wallet,
  fresh,
] as const;

type Domain = (typeof DOMAINS)[number];
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

// ------------------------------------------------------------------ API

/** The whole upstream API table: operation name → endpoint. */
export type Api = Intersect<Domain['api']>;
export const api = assembleApi(DOMAINS) as Api;
export type ApiOp = keyof Api & string;
// Every operation's input and content worked out once, as the members of an
// interface. Written as `InputOf<Api[K]>` the compiler works the type out
// again at every generic call (`t.ok(op, input)`, `useApiQuery(op, input)`):
// about 40 ms a call, two thirds of the whole type check's time.
type InputTable = { [K in ApiOp]: InputOf<Api[K]> };
type ContentTable = { [K in ApiOp]: ContentOf<Api[K]> };
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface is the point (above)
interface ApiInputs extends InputTable {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- as ApiInputs
interface ApiContents extends ContentTable {}
export type ApiInput<K extends ApiOp> = ApiInputs[K];
export type ApiContent<K extends ApiOp> = ApiContents[K];

// --------------------------------------------------------------- errors

type CodesOf<D> = D extends { errors: ErrorTable<infer N> } ? Record<N, number> : Record<never, number>;
const catalogue = assembleErrors(
  commonErrors,
  ...DOMAINS.flatMap((d): ErrorTable[] => ('errors' in d ? [d.errors] : [])),
);

/** Every named code: handlers and tests never write bare numbers. */
export const CODE = { ok: SUCCESS, ...catalogue.CODE } as { ok: typeof SUCCESS } & typeof commonErrors.code &
  Intersect<CodesOf<Domain>>;
export const { ERRORS, FAMILIES, knownEntry, errorEntry, statusOf } = catalogue;
/** Spec §8 response handling over this catalogue (shared/errors/policy.ts). */
export const { decide, ruleOf } = createPolicy(knownEntry);

// ------------------------------------------------------------- UI texts

type CommonTexts = (typeof commonTexts)['zh-CN'] &
  (typeof shellTexts)['zh-CN'] &
  (typeof kitTexts)['zh-CN'] &
  (typeof routeTexts)['zh-CN'];
type DomainTexts = { [D in Domain as D['name']]: D['texts']['zh-CN'] };
/** The shape of every UI catalogue: common groups, and one namespace per domain. */
export type Catalogue = CommonTexts & DomainTexts;
export const catalogues = assembleTexts(
  [commonTexts, shellTexts, kitTexts, routeTexts],
  Object.fromEntries(DOMAINS.map((d) => [d.name, d.texts])),
) as unknown as Readonly<Record<Lang, Catalogue>>;

// --------------------------------------------------------------- routes

/** Every route group: the domains' and those of screens no domain builds yet. */
export const ROUTE_GROUPS: readonly RouteGroupDecl[] = joinRouteGroups([
  ...pendingRoutes,
  ...DOMAINS.flatMap((d): readonly (RouteGroupDecl | RouteJoinDecl)[] => d.routes),
]);
/** The three route sets of spec §2, derived from the groups. */
export const { main: MAIN_ROUTES, enterprise: ENTERPRISE_ROUTES, staff: STAFF_ROUTES } = deriveRouteSets(ROUTE_GROUPS);

/** Which domain (or `pending`) holds each permission code (tests check there is exactly one). */
export const POWER_OWNERS: readonly { owner: string; powers: readonly string[] }[] = [
  { owner: 'pending', powers: pendingPowers },
  ...DOMAINS.map((d) => ({ owner: d.name, powers: d.powers })),
];
