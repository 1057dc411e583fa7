/** UI texts of the books. zh-CN is the reference shape; zh-TW and en are checked against it. */
import { defineTexts } from '../i18n/define.js';

const zhCN = {
  route: { books: '账目核对' },
  title: '账目核对',
  intro:
    '每晚自动核对一次各项资金账目：积分、活动优惠、优惠券、退款、销售汇总与分成对账单。发现的差异逐条列出，可直接打开对应记录。',
  run: '立即核对',
  queued: '已开始核对，完成后结果会自动刷新',
  running: '正在核对…',
  never: '尚未核对过。点击“立即核对”开始第一次核对。',
  lastRun: '上次核对：{{at}}（{{kind}}）',
  kinds: { nightly: '每晚自动', asked: '手动' },
  balanced: '全部平衡',
  differencesCount: '{{count}} 处差异',
  check: '核对项',
  proves: '核对内容',
  took: '用时',
  ms: '{{ms}} 毫秒',
  result: '结果',
  differences: '差异明细',
  tenant: '租户',
  subject: '记录',
  expected: '应为',
  actual: '实际',
  open: '打开',
  subjects: {
    member: '会员',
    order: '订单',
    orderItem: '订单商品',
    activity: '活动',
    coupon: '优惠券',
    statement: '分成对账单',
    rollupSales: '当日销售汇总',
    rollupRefunds: '当日退款汇总',
    channel: '货道',
    batch: '鲜食批次',
  },
  checks: {
    device: { stock: { name: '货道库存', proves: '每个货道的库存 = 其库存变动（期初、销售、补货、盘点、退回）之和' } },
    member: { points: { name: '会员积分', proves: '每位会员的积分流水合计 = 积分余额 − 待抵扣积分' } },
    wallet: {
      balances: { name: '会员储值', proves: '每位会员储值的本金与赠送金 = 其储值流水之和，且均不为负' },
      liability: { name: '储值负债', proves: '每个租户的储值负债（月报的期末）= 其会员储值之和' },
    },
    order: { rollups: { name: '销售汇总', proves: '每个租户每天的销售额与退款额汇总 = 当天已支付订单与已成功退款' } },
    refund: {
      orders: { name: '订单退款', proves: '订单的退款金额 = 其处理中与已成功的退款之和，且不超过实收金额' },
      lines: { name: '商品退款', proves: '每件订单商品的退款金额 = 其退款明细之和，且不超过该商品实付' },
    },
    activity: {
      discounts: { name: '活动优惠', proves: '订单各商品的优惠合计 = 订单记录的活动优惠（员工价订单除外）' },
      coupons: { name: '优惠券核销', proves: '每张已核销的优惠券只属于一笔仍有效的订单' },
      budgets: { name: '活动预算', proves: '仍有效订单的优惠次数与金额不超过活动预算' },
      limits: { name: '参与次数', proves: '每位会员在仍有效订单中的参与次数不超过活动限制' },
    },
    fresh: {
      batches: { name: '鲜食批次', proves: '每个批次的剩余数量 = 其变动（补货、销售、盘点、取出、退回）之和' },
      channels: { name: '鲜食货道', proves: '每个易腐商品货道的库存 = 其在售批次的剩余数量之和' },
    },
    share: {
      sums: { name: '对账单合计', proves: '对账单的销售额 = 各明细行之和，每行 = 其设备日之和' },
      days: { name: '对账单设备日', proves: '对账单每个设备日的销售额 = 当天的销售汇总（待重新结算的草稿除外）' },
      once: { name: '不重复分成', proves: '同一类分成对象中，每个设备日只计入一张对账单' },
    },
  },
};

export const booksTexts = defineTexts(zhCN, {
  'zh-TW': {
    route: { books: '帳目核對' },
    title: '帳目核對',
    intro:
      '每晚自動核對一次各項資金帳目：積分、活動優惠、優惠券、退款、銷售匯總與分成對帳單。發現的差異逐條列出，可直接開啟對應記錄。',
    run: '立即核對',
    queued: '已開始核對，完成後結果會自動重新整理',
    running: '正在核對…',
    never: '尚未核對過。點選「立即核對」開始第一次核對。',
    lastRun: '上次核對：{{at}}（{{kind}}）',
    kinds: { nightly: '每晚自動', asked: '手動' },
    balanced: '全部平衡',
    differencesCount: '{{count}} 處差異',
    check: '核對項',
    proves: '核對內容',
    took: '用時',
    ms: '{{ms}} 毫秒',
    result: '結果',
    differences: '差異明細',
    tenant: '租戶',
    subject: '記錄',
    expected: '應為',
    actual: '實際',
    open: '開啟',
    subjects: {
      member: '會員',
      order: '訂單',
      orderItem: '訂單商品',
      activity: '活動',
      coupon: '優惠券',
      statement: '分成對帳單',
      rollupSales: '當日銷售匯總',
      rollupRefunds: '當日退款匯總',
      channel: '貨道',
      batch: '鮮食批次',
    },
    checks: {
      device: {
        stock: { name: '貨道庫存', proves: '每個貨道的庫存 = 其庫存變動（期初、銷售、補貨、盤點、退回）之和' },
      },
      member: { points: { name: '會員積分', proves: '每位會員的積分流水合計 = 積分餘額 − 待抵扣積分' } },
      wallet: {
        balances: { name: '會員儲值', proves: '每位會員儲值的本金與贈送金 = 其儲值流水之和，且均不為負' },
        liability: { name: '儲值負債', proves: '每個租戶的儲值負債（月報的期末）= 其會員儲值之和' },
      },
      order: { rollups: { name: '銷售匯總', proves: '每個租戶每天的銷售額與退款額匯總 = 當天已支付訂單與已成功退款' } },
      refund: {
        orders: { name: '訂單退款', proves: '訂單的退款金額 = 其處理中與已成功的退款之和，且不超過實收金額' },
        lines: { name: '商品退款', proves: '每件訂單商品的退款金額 = 其退款明細之和，且不超過該商品實付' },
      },
      activity: {
        discounts: { name: '活動優惠', proves: '訂單各商品的優惠合計 = 訂單記錄的活動優惠（員工價訂單除外）' },
        coupons: { name: '優惠券核銷', proves: '每張已核銷的優惠券只屬於一筆仍有效的訂單' },
        budgets: { name: '活動預算', proves: '仍有效訂單的優惠次數與金額不超過活動預算' },
        limits: { name: '參與次數', proves: '每位會員在仍有效訂單中的參與次數不超過活動限制' },
      },
      fresh: {
        batches: { name: '鮮食批次', proves: '每個批次的剩餘數量 = 其變動（補貨、銷售、盤點、取出、退回）之和' },
        channels: { name: '鮮食貨道', proves: '每個易腐商品貨道的庫存 = 其在售批次的剩餘數量之和' },
      },
      share: {
        sums: { name: '對帳單合計', proves: '對帳單的銷售額 = 各明細行之和，每行 = 其設備日之和' },
        days: { name: '對帳單設備日', proves: '對帳單每個設備日的銷售額 = 當天的銷售匯總（待重新結算的草稿除外）' },
        once: { name: '不重複分成', proves: '同一類分成對象中，每個設備日只計入一張對帳單' },
      },
    },
  },
  en: {
    route: { books: 'Books' },
    title: 'Books',
    intro:
      'Every night the money is checked against itself: points, activity discounts, coupons, refunds, the sales totals and the share statements. Each difference found is listed and opens its record.',
    run: 'Check now',
    queued: 'Checking: the results refresh when it is done',
    running: 'Checking…',
    never: 'Not checked yet. Choose “Check now” for the first check.',
    lastRun: 'Last checked: {{at}} ({{kind}})',
    kinds: { nightly: 'nightly', asked: 'asked for' },
    balanced: 'Balanced',
    differencesCount: '{{count}} differences',
    differencesCount_one: '{{count}} difference',
    check: 'Check',
    proves: 'What it proves',
    took: 'Time',
    ms: '{{ms}} ms',
    result: 'Result',
    differences: 'Differences',
    tenant: 'Tenant',
    subject: 'Record',
    expected: 'Expected',
    actual: 'Actual',
    open: 'Open',
    subjects: {
      member: 'Member',
      order: 'Order',
      orderItem: 'Order line',
      activity: 'Activity',
      coupon: 'Coupon',
      statement: 'Share statement',
      rollupSales: "Day's sales total",
      rollupRefunds: "Day's refunds total",
      channel: 'Channel',
      batch: 'Fresh food batch',
    },
    checks: {
      device: {
        stock: {
          name: 'Channel stock',
          proves: "Each channel's stock is the sum of its moves (opening, sales, refills, counts, returns)",
        },
      },
      member: {
        points: {
          name: 'Member points',
          proves: "Each member's points history sums to its balance less the points it owes",
        },
      },
      wallet: {
        balances: {
          name: "Members' stored value",
          proves: "Each member's wallet principal and bonus are the sums of its moves, and neither is below zero",
        },
        liability: {
          name: 'Stored value liability',
          proves:
            "Each tenant's stored value liability (the monthly report's closing) equals the sum of its members' wallets",
        },
      },
      order: {
        rollups: {
          name: 'Sales totals',
          proves: "Each tenant's daily sales and refunds totals equal that day's paid orders and settled refunds",
        },
      },
      refund: {
        orders: {
          name: 'Order refunds',
          proves: "An order's refunded amount is its pending and successful refunds, never more than it received",
        },
        lines: {
          name: 'Line refunds',
          proves: "Each order line's refunded amount is its refund lines, never more than the line paid",
        },
      },
      activity: {
        discounts: {
          name: 'Activity discounts',
          proves: "An order's lines took off what its activity uses record (staff-priced orders aside)",
        },
        coupons: { name: 'Coupon redemptions', proves: 'Each redeemed coupon belongs to one standing order' },
        budgets: {
          name: 'Activity budgets',
          proves: "Standing orders never exceed an activity's budget of orders or discount",
        },
        limits: {
          name: 'Participation limits',
          proves: "No member's standing orders exceed an activity's limit per customer",
        },
      },
      fresh: {
        batches: {
          name: 'Fresh food batches',
          proves: "Each batch's units left are the sum of its moves (refills, sales, counts, removals, returns)",
        },
        channels: {
          name: 'Fresh food channels',
          proves: 'Each channel of a perishable product holds what its open batches hold',
        },
      },
      share: {
        sums: {
          name: 'Statement totals',
          proves: "A statement's sales are its lines', and each line's its device-days'",
        },
        days: {
          name: 'Statement device-days',
          proves: "Each device-day of a statement is that day's sales total (stale drafts aside)",
        },
        once: {
          name: 'Shares paid once',
          proves: 'Each device-day is counted by one statement per kind of party',
        },
      },
    },
  },
});
