/**
 * Demo data: two first-level distributors (one with a second-level tenant),
 * an enterprise customer, a member with a custom role, points at stations and
 * malls, and devices some bound and some free. Every password is DEMO_PASSWORD.
 * Keys tie rows together here; the loader turns them into ids.
 */
import type { DEVICE_TYPES, ALLOCATION_STATES } from '../../shared/api/device.js';
import type { RoleKind } from '../../shared/roles.js';

export const DEMO_PASSWORD = 'Demo@2026';

export type TenantKey = 'A' | 'A1' | 'B';

export const DEMO_TENANTS: readonly { key: TenantKey; name: string; contact: string; parent: TenantKey | null }[] = [
  { key: 'A', name: 'Huadong Vending Co.', contact: '13800138001', parent: null },
  { key: 'A1', name: 'Suzhou Metro Retail Ltd.', contact: '13800138011', parent: 'A' },
  { key: 'B', name: 'Huanan Smart Retail Co.', contact: '13900139002', parent: null },
];

export const DEMO_ROLES = [
  { key: 'operator', tenant: 'A', name: 'Operator', description: 'Dashboard, device list and point list', powers: ['1-1', '2-1', '3-1'] },
] as const satisfies readonly { key: string; tenant: TenantKey; name: string; description: string; powers: readonly string[] }[];

export const DEMO_USERS: readonly { username: string; name: string; kind: RoleKind; tenant: TenantKey | null; role?: 'operator' }[] = [
  { username: 'admin', name: 'System Administrator', kind: 'admin', tenant: null },
  { username: 'tenant1', name: 'Huadong Vending Co.', kind: 'tenant', tenant: 'A' },
  { username: 'tenant11', name: 'Suzhou Metro Retail Ltd.', kind: 'tenant', tenant: 'A1' },
  { username: 'tenant2', name: 'Huanan Smart Retail Co.', kind: 'tenant', tenant: 'B' },
  { username: 'enterprise1', name: 'Hongqiao Hub Catering Ltd.', kind: 'enterprise', tenant: 'A' },
  { username: 'member1', name: 'Li Ming', kind: 'member', tenant: 'A', role: 'operator' },
  // A member without a role: the console's "insufficient permission" path.
  { username: 'member2', name: 'Wang Fang', kind: 'member', tenant: 'A' },
];

export type PointKey = 'hongqiao' | 'peoplesSquare' | 'hangzhouEast' | 'xinjiekou' | 'xinghai' | 'guangzhouSouth' | 'shenzhenNorth' | 'tianhe';

export const DEMO_POINTS: readonly { key: PointKey; tenant: TenantKey; name: string; area: string; address: string; daysAgo: number }[] = [
  { key: 'hongqiao', tenant: 'A', name: '上海虹桥站 A 区', area: '上海市闵行区', address: '申虹路 1500 号虹桥火车站 B1 层 A 区', daysAgo: 120 },
  { key: 'peoplesSquare', tenant: 'A', name: '人民广场地铁站', area: '上海市黄浦区', address: '人民大道 120 号地铁 1/2/8 号线换乘厅', daysAgo: 90 },
  { key: 'hangzhouEast', tenant: 'A', name: '杭州东站候车厅', area: '浙江省杭州市上城区', address: '天城路 1 号杭州东站二层候车厅', daysAgo: 60 },
  { key: 'xinjiekou', tenant: 'A', name: '南京新街口德基广场', area: '江苏省南京市秦淮区', address: '中山路 18 号德基广场 B1 层', daysAgo: 30 },
  { key: 'xinghai', tenant: 'A1', name: '苏州星海广场', area: '江苏省苏州市工业园区', address: '星海街 200 号星海广场 1 层', daysAgo: 45 },
  { key: 'guangzhouSouth', tenant: 'B', name: '广州南站 3 号候车室', area: '广东省广州市番禺区', address: '石壁街道南站北路广州南站 3 号候车室', daysAgo: 100 },
  { key: 'shenzhenNorth', tenant: 'B', name: '深圳北站 B 出口', area: '广东省深圳市龙华区', address: '致远中路 28 号深圳北站 B 出口', daysAgo: 70 },
  { key: 'tianhe', tenant: 'B', name: '广州天河城购物中心', area: '广东省广州市天河区', address: '天河路 208 号天河城 2 层', daysAgo: 20 },
];

export interface DemoDevice {
  serial: string;
  tenant: TenantKey;
  point: PointKey | null;
  name: string;
  type: (typeof DEVICE_TYPES)[number];
  model: string;
  allocation?: (typeof ALLOCATION_STATES)[number];
  online: boolean;
  activated: boolean;
  /** Service expiry relative to loading, in days (negative: expired); null: never activated. */
  expiresInDays: number | null;
  channelCount: number;
}

export const DEMO_DEVICES: readonly DemoDevice[] = [
  // Tenant A: 6 bound, 4 free.
  { serial: 'VM2026000101', tenant: 'A', point: 'hongqiao', name: '虹桥站饮料机 1 号', type: 'selling', model: 'VM-S600', online: true, activated: true, expiresInDays: 300, channelCount: 60 },
  { serial: 'VM2026000102', tenant: 'A', point: 'hongqiao', name: '虹桥站零食机 2 号', type: 'selling', model: 'VM-S800', online: true, activated: true, expiresInDays: 300, channelCount: 48 },
  { serial: 'VM2026000103', tenant: 'A', point: 'hongqiao', name: '虹桥站收款盒', type: 'paymentBox', model: 'PB-100', online: true, activated: true, expiresInDays: 120, channelCount: 0 },
  { serial: 'VM2026000104', tenant: 'A', point: 'peoplesSquare', name: '人民广场咖啡机', type: 'selling', model: 'VM-C900', online: false, activated: true, expiresInDays: 30, channelCount: 12 },
  { serial: 'VM2026000105', tenant: 'A', point: 'peoplesSquare', name: '人民广场饮料机', type: 'selling', model: 'VM-S600', online: true, activated: true, expiresInDays: -10, channelCount: 60 },
  { serial: 'VM2026000106', tenant: 'A', point: 'hangzhouEast', name: '杭州东站饮料机', type: 'selling', model: 'VM-S600', online: true, activated: true, expiresInDays: 200, channelCount: 60 },
  { serial: 'VM2026000107', tenant: 'A', point: null, name: '备用饮料机 A-1', type: 'selling', model: 'VM-S600', online: false, activated: true, expiresInDays: 365, channelCount: 60 },
  { serial: 'VM2026000108', tenant: 'A', point: null, name: '备用零食机 A-2', type: 'selling', model: 'VM-S800', online: false, activated: true, expiresInDays: 365, channelCount: 48 },
  { serial: 'VM2026000109', tenant: 'A', point: null, name: '智能联动模块 A-3', type: 'smartLink', model: 'SL-20', online: true, activated: true, expiresInDays: 365, channelCount: 0 },
  { serial: 'VM2026000110', tenant: 'A', point: null, name: '备用收款盒 A-4', type: 'paymentBox', model: 'PB-100', online: false, activated: false, expiresInDays: null, channelCount: 0 },
  // Tenant A1 (second level under A): 2 bound, 1 free; allocated to it by A.
  { serial: 'VM2026000201', tenant: 'A1', point: 'xinghai', name: '星海广场饮料机', type: 'selling', model: 'VM-S600', allocation: 'allocated', online: true, activated: true, expiresInDays: 240, channelCount: 60 },
  { serial: 'VM2026000202', tenant: 'A1', point: 'xinghai', name: '星海广场零食机', type: 'selling', model: 'VM-S800', allocation: 'allocated', online: false, activated: true, expiresInDays: 240, channelCount: 48 },
  { serial: 'VM2026000203', tenant: 'A1', point: null, name: '备用售货机 A1-1', type: 'selling', model: 'VM-S600', allocation: 'allocated', online: false, activated: true, expiresInDays: 240, channelCount: 60 },
  // Tenant B: 3 bound, 3 free.
  { serial: 'VM2026000301', tenant: 'B', point: 'guangzhouSouth', name: '广州南站饮料机', type: 'selling', model: 'VM-S600', online: true, activated: true, expiresInDays: 180, channelCount: 60 },
  { serial: 'VM2026000302', tenant: 'B', point: 'guangzhouSouth', name: '广州南站咖啡机', type: 'selling', model: 'VM-C900', online: true, activated: true, expiresInDays: 180, channelCount: 12 },
  { serial: 'VM2026000303', tenant: 'B', point: 'shenzhenNorth', name: '深圳北站饮料机', type: 'selling', model: 'VM-S600', online: false, activated: true, expiresInDays: 15, channelCount: 60 },
  { serial: 'VM2026000304', tenant: 'B', point: null, name: '备用饮料机 B-1', type: 'selling', model: 'VM-S600', online: false, activated: true, expiresInDays: 365, channelCount: 60 },
  { serial: 'VM2026000305', tenant: 'B', point: null, name: '备用零食机 B-2', type: 'selling', model: 'VM-S800', online: true, activated: true, expiresInDays: 365, channelCount: 48 },
  { serial: 'VM2026000306', tenant: 'B', point: null, name: '备用收款盒 B-3', type: 'paymentBox', model: 'PB-100', online: false, activated: false, expiresInDays: null, channelCount: 0 },
];
