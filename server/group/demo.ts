/**
 * The demo's customer groups: tenant A's software-park staff, known by their
 * phones and imported beforehand (three of the demo members hold theirs, so
 * they are claimed; two wait), and its breakfast regulars, who join with
 * their employee number as they sign in, each claim reviewed.
 */
import type { DemoData } from '../manifest.js';
import { groupMembers, groups } from './schema.js';

export const groupDemo: DemoData = {
  after: ['tenant', 'member'],
  async load({ tx, ids }) {
    const tenantId = ids.get('tenant', 'A');
    const [staff] = await tx
      .insert(groups)
      .values({
        tenantId,
        name: '浦东软件园员工',
        definition: '园区入驻企业的员工，凭手机号认领，享员工专属活动',
        identifier: 'phone',
        importMethod: 'preImport',
      })
      .returning({ id: groups.id });
    await tx.insert(groups).values({
      tenantId,
      name: '早餐常客',
      definition: '工作日早上 7–9 点在地铁站点购买的顾客，报工号加入，需审核',
      identifier: 'employeeNumber',
      importMethod: 'realTime',
      review: true,
    });
    const claimed = ['A1', 'A2', 'A3'].map((key, i) => ({
      identifier: `1376120030${i + 1}`,
      memberId: ids.get('member', key),
    }));
    await tx.insert(groupMembers).values([
      ...claimed.map((c) => ({
        ...c,
        groupId: staff!.id,
        tenantId,
        state: 'activated' as const,
        claimedAt: new Date(),
      })),
      ...['13761200391', '13761200392'].map((identifier) => ({
        identifier,
        groupId: staff!.id,
        tenantId,
        state: 'inactive' as const,
      })),
    ]);
  },
};
