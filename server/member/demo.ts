/**
 * The demo's members: people who signed in to tenant A's and tenant B's
 * mini-programs at their machines, with points credited as a welcome gift
 * and a few spent, so the ledger has lots and history to show; tenant A's
 * three member grades.
 */
import type { DemoData } from '../manifest.js';
import { searchKey } from '../db/pinyin.js';
import { addPoints, spendPoints } from './ledger.js';
import { memberGrades, members } from './schema.js';

interface DemoMember {
  tenant: 'A' | 'B';
  nickname: string;
  phone: string | null;
  birthday: string | null;
  address: string;
  gift: number;
  spent: number;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    tenant: 'A',
    nickname: '林小雨',
    phone: '13761200301',
    birthday: '1995-04-12',
    address: '虹桥火车站 B1 到达层',
    gift: 200,
    spent: 50,
  },
  {
    tenant: 'A',
    nickname: '张伟',
    phone: '13761200302',
    birthday: '1988-11-03',
    address: '浦东软件园 3 号楼大堂',
    gift: 200,
    spent: 0,
  },
  {
    tenant: 'A',
    nickname: '王芳',
    phone: '13761200303',
    birthday: null,
    address: '虹桥火车站 B1 到达层',
    gift: 100,
    spent: 30,
  },
  {
    tenant: 'A',
    nickname: '刘洋',
    phone: null,
    birthday: '2001-07-21',
    address: '人民广场地铁站 1 号口',
    gift: 100,
    spent: 0,
  },
  {
    tenant: 'A',
    nickname: '陈静',
    phone: '13761200305',
    birthday: '1992-02-29',
    address: '浦东软件园 3 号楼大堂',
    gift: 300,
    spent: 120,
  },
  {
    tenant: 'A',
    nickname: '杨帆',
    phone: '13761200306',
    birthday: null,
    address: '人民广场地铁站 1 号口',
    gift: 50,
    spent: 0,
  },
  {
    tenant: 'B',
    nickname: '黄晓明',
    phone: '13922300401',
    birthday: '1990-09-09',
    address: '广州南站 二楼候车厅',
    gift: 100,
    spent: 20,
  },
  {
    tenant: 'B',
    nickname: '周婷',
    phone: '13922300402',
    birthday: null,
    address: '深圳湾科技园 A 座',
    gift: 100,
    spent: 0,
  },
];

const DAY = 86_400_000;

/** Tenant A's grade ladder (its members are graded once the demo's sales are priced: server/activity/demo.ts). */
const DEMO_GRADES = [
  { name: '普通会员', minSpend: 0, pointsPercent: 100 },
  { name: '银卡会员', minSpend: 3_000, pointsPercent: 120 },
  { name: '金卡会员', minSpend: 10_000, pointsPercent: 150 },
];

export const memberDemo: DemoData = {
  after: ['tenant'],
  async load({ tx, ids }) {
    const now = Date.now();
    await tx.insert(memberGrades).values(DEMO_GRADES.map((g) => ({ tenantId: ids.get('tenant', 'A'), ...g })));
    for (const [i, m] of DEMO_MEMBERS.entries()) {
      // Signed up over the weeks before the demo's sales history at tenant A's machines (server/activity/demo-history.ts).
      const registered = new Date(now - (100 - 3 * i) * DAY);
      const [row] = await tx
        .insert(members)
        .values({
          tenantId: ids.get('tenant', m.tenant),
          openid: `demo-openid-${m.tenant}-${i + 1}`,
          nickname: m.nickname,
          searchKey: searchKey(m.nickname),
          phone: m.phone,
          // The demo's people proved their numbers when they signed up.
          phoneVerifiedAt: m.phone ? registered : null,
          birthday: m.birthday,
          registeredAddress: m.address,
          registeredAt: registered,
        })
        .returning({ id: members.id });
      ids.set('member', `${m.tenant}${i + 1}`, row!.id);
      await addPoints(tx, 'adjust', m.gift, { memberId: row!.id, reason: '开卡礼', key: 'demo:gift' }, registered);
      if (m.spent) {
        const spent = new Date(registered.getTime() + 7 * DAY);
        await spendPoints(
          tx,
          'adjust',
          m.spent,
          { memberId: row!.id, reason: '积分兑换饮料', key: 'demo:spend' },
          spent,
        );
      }
    }
  },
};
