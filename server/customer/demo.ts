/** The demo's enterprise customer: the catering company at Hongqiao hub (account `enterprise1`), a customer of tenant A, with its staff and their cards. */
import type { DemoData } from '../manifest.js';
import { customers, customerStaff } from './schema.js';

export const DEMO_CUSTOMER_STAFF: readonly { name: string; position: string; cardId: string; phone: string }[] = [
  { name: '陈晓燕', position: '店长', cardId: '31000101', phone: '13916200101' },
  { name: '王建国', position: '厨师长', cardId: '31000102', phone: '13916200102' },
  { name: '李静', position: '收银员', cardId: '31000103', phone: '13916200103' },
  { name: '赵磊', position: '配送员', cardId: '31000104', phone: '13916200104' },
  { name: '孙丽华', position: '服务员', cardId: '31000105', phone: '13916200105' },
  { name: '周志强', position: '仓库管理员', cardId: '31000106', phone: '13916200106' },
  { name: '吴婷婷', position: '服务员', cardId: '31000107', phone: '13916200107' },
  { name: '郑浩', position: '保洁主管', cardId: '31000108', phone: '13916200108' },
];

export const customerDemo: DemoData = {
  after: ['tenant', 'account'],
  async load({ tx, ids }) {
    const tenantId = ids.get('tenant', 'A');
    const [customer] = await tx
      .insert(customers)
      .values({
        tenantId,
        userId: ids.get('account', 'enterprise1'),
        name: '虹桥枢纽餐饮管理有限公司',
        buyNow: true,
      })
      .returning({ id: customers.id });
    ids.set('customer', 'hongqiao', customer!.id);
    await tx
      .insert(customerStaff)
      .values(DEMO_CUSTOMER_STAFF.map((s) => ({ ...s, customerId: customer!.id, tenantId })));
  },
};
