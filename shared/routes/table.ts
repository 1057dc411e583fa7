/**
 * The console's route table (spec §2) as data: the main (static) set for the
 * system admin and tenants, the enterprise set and the member (permission-code)
 * set. Screens that a later issue builds are routes already; the renderer shows
 * them as a "not available in this version" page until their screen exists.
 *
 * Paths are the spec's where it writes them. Where it does not, the choice is:
 * member centre at /memberCenter (memberInfo, thirdPartyMember) and the device
 * pool at /devicePool/index (as /deviceList/index).
 *
 * Permission codes of the member set. The spec names the codes and the screens
 * they cover but not which code opens which screen; this is the mapping
 * (each code keeps the hidden screens that only make sense with it):
 *
 * | code | screens |
 * |------|---------|
 * | 1-1  | dashboard |
 * | 2-1  | device list, device info and settings (devSet) |
 * | 2-9  | scene linkage and its detail page |
 * | 3-1  | point list (with create, edit, delete) |
 * | 3-2  | bind / unbind devices to points (bindDevice) |
 * | 4-1  | members (staffManagement) |
 * | 4-2  | roles (peopleadmin) and add role (addpeople) |
 * | 5-1  | old product library (productList) and categories (classification) |
 * | 5-2  | new product library (merchandise) and create product (nweGoods) |
 * | 6-1  | order list and staff orders |
 * | 6-3  | linked orders (scenario) and customer complaints (customerService) |
 * | 7-1  | distributor list (people) |
 * | 7-3  | distributor device binding (devBind) |
 * | 8-1  | enterprise accounts (costume) and bind points (bindGroup) |
 * | 8-2  | enterprise staff list (staffPage) |
 *
 * Every set also holds the hidden /person (account info): the profile menu
 * offers it to every user, so it must open for every role.
 */
import { ROLE_VALUE, type PowerCode } from '../roles.js';
import type { AppRoute, RouteDef, RouteMeta, RouteTitle } from './types.js';

const ADMIN_ONLY = [ROLE_VALUE.admin] as const;

/** A screen. */
const view = (path: string, name: string, title: RouteTitle, meta: Omit<RouteMeta, 'title'> = {}, hidden = false): RouteDef =>
  ({ path, name, meta: { title, ...meta }, ...(hidden ? { hidden } : {}) });
/** A hidden screen reached from another one, which stays marked in the menu. */
const detail = (path: string, name: string, title: RouteTitle, activeMenu: string, meta: Omit<RouteMeta, 'title' | 'activeMenu'> = {}): RouteDef =>
  view(path, name, title, { noCache: true, activeMenu, ...meta }, true);
/** A menu group. */
const group = (path: string, meta: RouteMeta, children: readonly RouteDef[], extra: Partial<RouteDef> = {}): RouteDef =>
  ({ path, meta, children, ...extra });

const codes = (...c: PowerCode[]) => ({ value: c });

// ---------------------------------------------------------------- main set

/** / and its hidden children (spec: / redirects to /dashboard, pinned tab). */
const home = (c: { dashboard?: PowerCode } = {}): RouteDef =>
  group('/', {}, [
    view('dashboard', 'Dashboard', 'route.dashboard', { icon: 'dashboard', affix: true, ...(c.dashboard ? codes(c.dashboard) : {}) }),
    ...(c.dashboard ? [] : [
      view('payCenter', 'PayCenter', 'route.payCenter', {}, true),
      view('costManagement', 'CostManagement', 'route.costManagement', {}, true),
      view('bill', 'Bill', 'route.bill', { noCache: true }, true),
    ]),
  ], { redirect: '/dashboard' });

const person: RouteDef = view('/person', 'Person', 'route.person', { icon: 'account' }, true);

export const MAIN_ROUTES: readonly RouteDef[] = [
  home(),
  group('/deviceList', { title: 'route.deviceMent', icon: 'device' }, [
    view('index', 'DeviceList', 'route.deviceList'),
    view('/sceneadmin', 'SceneAdmin', 'route.sceneadmin'),
    detail('/sceneadmin/detailpage', 'SceneDetail', 'route.sceneDetail', '/sceneadmin'),
    detail('devSet', 'DevSet', 'route.devSet', '/deviceList/index'),
  ], { alwaysShow: true }),
  group('/pointMent', { title: 'route.pointMent', icon: 'location' }, [
    view('pointList', 'PointList', 'route.pointList'),
    detail('bindDevice', 'BindDevice', 'route.bindDevice', '/pointMent/pointList'),
  ], { alwaysShow: true }),
  person,
  group('/atManagement', { title: 'route.atManagement', icon: 'team' }, [
    view('staffManagement', 'StaffManagement', 'route.staffManagement'),
    view('peopleadmin', 'PeopleAdmin', 'route.peopleadmin'),
    detail('addpeople', 'AddPeople', 'route.addpeople', '/atManagement/peopleadmin'),
  ]),
  group('/productManagement', { title: 'route.productManagement', icon: 'product' }, [
    view('productList', 'ProductList', 'route.productList'),
    view('classification', 'Classification', 'route.classification'),
    view('merchandise', 'Merchandise', 'route.merchandise'),
    view('commodityInfor', 'CommodityInfor', 'route.commodityInfor', { roles: ADMIN_ONLY }),
    detail('infoDetails', 'InfoDetails', 'route.infoDetails', '/productManagement/classification'),
    detail('imgDetails', 'ImgDetails', 'route.imgDetails', '/productManagement/classification'),
    detail('nweGoods', 'NweGoods', 'route.nweGoods', '/productManagement/merchandise'),
    detail('editNweGoods', 'EditNweGoods', 'route.editNweGoods', '/productManagement/merchandise'),
    detail('setProperty', 'SetProperty', 'route.setProperty', '/productManagement/classification'),
    detail('imgFormat', 'ImgFormat', 'route.imgFormat', '/productManagement/classification'),
    detail('ingredient', 'Ingredient', 'route.ingredient', '/productManagement/classification'),
  ]),
  group('/orderManagement', { title: 'route.orderManagement', icon: 'order' }, [
    view('orderList', 'OrderList', 'route.orderList'),
    view('scenario', 'Scenario', 'route.scenario'),
    detail('payTheBox', 'PayTheBox', 'route.payTheBox', '/orderManagement/orderList'),
    view('staffOrderList', 'StaffOrderList', 'route.staffOrderList'),
    view('customerService', 'CustomerService', 'route.customerService'),
  ]),
  group('/memberCenter', { title: 'route.memberCenter', icon: 'member' }, [
    view('memberInfo', 'MemberInfo', 'route.memberInfo'),
    view('thirdPartyMember', 'ThirdPartyMember', 'route.thirdPartyMember'),
  ]),
  group('/marketing', { title: 'route.marketing', icon: 'marketing' }, [
    view('scene', 'Scene', 'route.scene'),
    view('group', 'Group', 'route.group'),
    detail('adddiscount', 'AddDiscount', 'route.adddiscount', '/marketing/scene'),
    detail('scenedeatil', 'SceneDeatil', 'route.scenedeatil', '/marketing/scene'),
    detail('groudetale', 'GrouDetale', 'route.groudetale', '/marketing/group'),
    detail('addgroup', 'AddGroup', 'route.addgroup', '/marketing/group'),
    detail('create', 'Create', 'route.create', '/marketing/scene'),
  ]),
  group('/tenant', { title: 'route.tenant', icon: 'tenant' }, [
    view('people', 'People', 'route.people'),
    detail('productInformation', 'ProductInformation', 'route.productInformation', '/tenant/people'),
    detail('devBind', 'DevBind', 'route.devBind', '/tenant/people'),
  ], { alwaysShow: true }),
  group('/devicePool', { title: 'route.devicePool', icon: 'pool', roles: ADMIN_ONLY }, [
    view('index', 'DevicePool', 'route.devicePool', { icon: 'pool', roles: ADMIN_ONLY }),
  ]),
  group('/costumeMent', { title: 'route.costumeMent', icon: 'enterprise' }, [
    view('costume', 'Costume', 'route.costume'),
    detail('bindGroup', 'BindGroup', 'route.bindGroup', '/costumeMent/costume'),
    view('staffPage', 'StaffPage', 'route.staffPage', { icon: 'staff' }),
  ]),
];

// ---------------------------------------------------------- enterprise set

/** Spec: for enterprise-type users only /costumeMent, showing the enterprise staff page. */
export const ENTERPRISE_ROUTES: readonly RouteDef[] = [
  group('/costumeMent', { title: 'route.costumeMent', icon: 'enterprise' }, [
    view('staffPage', 'StaffPage', 'route.staffPage', { icon: 'staff' }),
  ], { redirect: '/costumeMent/staffPage' }),
  person,
];

// -------------------------------------------------------------- member set

/** The member (staff) set: each screen carries the code that opens it (table above). */
export const STAFF_ROUTES: readonly RouteDef[] = [
  home({ dashboard: '1-1' }),
  group('/deviceList', { title: 'route.deviceMent', icon: 'device' }, [
    view('index', 'DeviceList', 'route.deviceList', codes('2-1')),
    view('/sceneadmin', 'SceneAdmin', 'route.sceneadmin', codes('2-9')),
    detail('/sceneadmin/detailpage', 'SceneDetail', 'route.sceneDetail', '/sceneadmin', codes('2-9')),
    detail('devSet', 'DevSet', 'route.devSet', '/deviceList/index', codes('2-1')),
  ], { alwaysShow: true }),
  group('/pointMent', { title: 'route.pointMent', icon: 'location' }, [
    view('pointList', 'PointList', 'route.pointList', codes('3-1')),
    detail('bindDevice', 'BindDevice', 'route.bindDevice', '/pointMent/pointList', codes('3-2')),
  ], { alwaysShow: true }),
  group('/atManagement', { title: 'route.atManagement', icon: 'team' }, [
    view('staffManagement', 'StaffManagement', 'route.staffManagement', codes('4-1')),
    view('peopleadmin', 'PeopleAdmin', 'route.peopleadmin', codes('4-2')),
    detail('addpeople', 'AddPeople', 'route.addpeople', '/atManagement/peopleadmin', codes('4-2')),
  ], { alwaysShow: true }),
  group('/productManagement', { title: 'route.productManagement', icon: 'product' }, [
    view('productList', 'ProductList', 'route.productList', codes('5-1')),
    view('classification', 'Classification', 'route.classification', codes('5-1')),
    view('merchandise', 'Merchandise', 'route.merchandise', codes('5-2')),
    detail('nweGoods', 'NweGoods', 'route.nweGoods', '/productManagement/merchandise', codes('5-2')),
  ], { alwaysShow: true }),
  group('/orderManagement', { title: 'route.orderManagement', icon: 'order' }, [
    view('orderList', 'OrderList', 'route.orderList', codes('6-1')),
    view('staffOrderList', 'StaffOrderList', 'route.staffOrderList', codes('6-1')),
    view('scenario', 'Scenario', 'route.scenario', codes('6-3')),
    view('customerService', 'CustomerService', 'route.customerService', codes('6-3')),
  ], { alwaysShow: true }),
  group('/tenant', { title: 'route.tenant', icon: 'tenant' }, [
    view('people', 'People', 'route.people', codes('7-1')),
    detail('devBind', 'DevBind', 'route.devBind', '/tenant/people', codes('7-3')),
  ], { alwaysShow: true }),
  group('/costumeMent', { title: 'route.costumeMent', icon: 'enterprise' }, [
    view('costume', 'Costume', 'route.costume', codes('8-1')),
    detail('bindGroup', 'BindGroup', 'route.bindGroup', '/costumeMent/costume', codes('8-1')),
    view('staffPage', 'StaffPage', 'route.staffPage', codes('8-2')),
  ], { alwaysShow: true }),
  // Last, so that it is never the route forced to `/`.
  person,
];

/** Joins a child path to its parent's; a child path starting with `/` is absolute. */
export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  if (!child) return parent;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

/** The table with absolute paths. */
export function resolveRoutes(defs: readonly RouteDef[], parent = ''): AppRoute[] {
  return defs.map((d) => {
    const path = parent ? joinPath(parent, d.path) : d.path;
    const route: AppRoute = { path, meta: d.meta ?? {} };
    if (d.name !== undefined) route.name = d.name;
    if (d.hidden) route.hidden = true;
    if (d.alwaysShow) route.alwaysShow = true;
    if (d.redirect !== undefined) route.redirect = d.redirect;
    if (d.children) route.children = resolveRoutes(d.children, path);
    return route;
  });
}
