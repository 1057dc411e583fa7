/**
 * The platforms' daily bill files, read and (for the sandbox, which stands in
 * for a platform in the demo and the tests) written, in the formats the
 * platforms publish:
 *
 * - **WeChat Pay's trade bill** (`bill_type=ALL`, the same text for API v2
 *   and v3): a CSV whose first line names the columns, each value after a
 *   backtick (so that a spreadsheet keeps long numbers as text), then two
 *   summary lines. A payment is a line in state SUCCESS, a refund a line in
 *   state REFUND with the console's refund number in 商户退款单号.
 * - **Alipay's business detail bill** (`bill_type=trade`): a zip holding the
 *   detail CSV and its summary, in GBK, with `#` comment lines around the
 *   rows; a refund's row carries the console's refund number in
 *   退款批次号/请求号 and negative amounts.
 *
 * Amounts are read as exact fen from the yuan text, never through floating
 * point. What does not parse throws `UnreadableBill`: the day then says so and
 * no line of it is matched.
 */
import iconv from 'iconv-lite';
import JSZip from 'jszip';

export interface BillLine {
  subject: 'payment' | 'refund';
  /** The console's number: the order's for a payment, the refund's (`RF…`) for a refund. */
  number: string;
  platformNumber: string | null;
  /** Fen, positive; what the platform charged (a refund's fee comes back: negative). */
  amount: number;
  fee: number;
}

export interface ReadBill {
  /** The merchant the bill is of, where the format says it. */
  merchantId: string | null;
  lines: BillLine[];
}

export class UnreadableBill extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableBill';
  }
}

/** Yuan text (`3.05`, `-0.01`, `¥3.05`) as exact fen; throws on what is not an amount. */
export function fenOf(text: string): number {
  const m = /^(-?)¥?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new UnreadableBill(`not an amount: ${text.slice(0, 20)}`);
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/** Where a bill's header names a column; a bill without it is unreadable. */
function columnOf(head: readonly string[], name: string): number {
  const i = head.indexOf(name);
  if (i < 0) throw new UnreadableBill(`no column ${name}`);
  return i;
}

const yuan = (fen: number) =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** A bill's row as the sandbox writes it: a payment, or a refund of an order. */
export interface SourceRow {
  subject: 'payment' | 'refund';
  at: string;
  orderNumber: string;
  platformNumber: string;
  /** The refund's number and the platform's refund id, for a refund. */
  refundNumber?: string;
  platformRefundId?: string;
  amount: number;
  fee: number;
}

// ---- WeChat Pay ----

const WECHAT_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
] as const;

/** WeChat's trade bill text for the rows (the sandbox's; the tests' double writes its own). */
export function wechatBillText(merchantId: string, appId: string, rows: readonly SourceRow[]): string {
  const lines = rows.map((r) => {
    const refund = r.subject === 'refund';
    const cells: Record<(typeof WECHAT_COLUMNS)[number], string> = {
      交易时间: r.at,
      公众账号ID: appId,
      商户号: merchantId,
      特约商户号: '0',
      设备号: '',
      微信订单号: r.platformNumber,
      商户订单号: r.orderNumber,
      用户标识: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      交易类型: 'NATIVE',
      交易状态: refund ? 'REFUND' : 'SUCCESS',
      付款银行: 'OTHERS',
      货币种类: 'CNY',
      应结订单金额: refund ? '0.00' : yuan(r.amount),
      代金券金额: '0.00',
      微信退款单号: refund ? (r.platformRefundId ?? '') : '0',
      商户退款单号: refund ? (r.refundNumber ?? '') : '0',
      退款金额: refund ? yuan(r.amount) : '0.00',
      充值券退款金额: '0.00',
      退款类型: refund ? 'ORIGINAL' : '',
      退款状态: refund ? 'SUCCESS' : '',
      商品名称: '自助售货',
      商户数据包: '',
      手续费: yuan(refund ? -r.fee : r.fee),
      费率: '0.60%',
      订单金额: refund ? '0.00' : yuan(r.amount),
      申请退款金额: refund ? yuan(r.amount) : '0.00',
      费率备注: '',
    };
    return WECHAT_COLUMNS.map((c) => `\`${cells[c]}`).join(',');
  });
  const pay = rows.filter((r) => r.subject === 'payment');
  const back = rows.filter((r) => r.subject === 'refund');
  const sum = (rs: readonly SourceRow[], f: (r: SourceRow) => number) => rs.reduce((s, r) => s + f(r), 0);
  return [
    WECHAT_COLUMNS.join(','),
    ...lines,
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    [
      rows.length,
      yuan(sum(pay, (r) => r.amount)),
      yuan(sum(back, (r) => r.amount)),
      '0.00',
      yuan(sum(pay, (r) => r.fee) - sum(back, (r) => r.fee)),
      yuan(sum(pay, (r) => r.amount)),
      yuan(sum(back, (r) => r.amount)),
    ]
      .map((v) => `\`${v}`)
      .join(','),
    '',
  ].join('\r\n');
}

/** WeChat's trade bill read: its payments and refunds, and the merchant every line names (the first's). */
export function readWechatBill(bytes: Buffer): ReadBill {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const rows = text.split(/\r?\n/);
  const head = rows[0]?.split(',') ?? [];
  const col = (name: (typeof WECHAT_COLUMNS)[number]) => columnOf(head, name);
  const at = {
    merchant: col('商户号'),
    platformNumber: col('微信订单号'),
    number: col('商户订单号'),
    state: col('交易状态'),
    amount: col('应结订单金额'),
    refundId: col('微信退款单号'),
    refundNumber: col('商户退款单号'),
    refundAmount: col('退款金额'),
    fee: col('手续费'),
  };
  const end = rows.findIndex((r) => r.startsWith('总交易单数'));
  if (end < 0) throw new UnreadableBill('no summary line');
  let merchantId: string | null = null;
  const lines: BillLine[] = [];
  for (const row of rows.slice(1, end)) {
    if (!row.trim()) continue;
    const cells = row.split(',').map((c) => c.replace(/^`/, ''));
    if (cells.length !== head.length) throw new UnreadableBill(`a line of ${cells.length} fields`);
    merchantId ??= cells[at.merchant]!;
    if (cells[at.merchant] !== merchantId) throw new UnreadableBill('lines of two merchants');
    const state = cells[at.state];
    if (state === 'SUCCESS')
      lines.push({
        subject: 'payment',
        number: cells[at.number]!,
        platformNumber: cells[at.platformNumber] || null,
        amount: fenOf(cells[at.amount]!),
        fee: fenOf(cells[at.fee]!),
      });
    else if (state === 'REFUND')
      lines.push({
        subject: 'refund',
        number: cells[at.refundNumber]!,
        platformNumber: cells[at.refundId] || null,
        amount: fenOf(cells[at.refundAmount]!),
        fee: fenOf(cells[at.fee]!),
      });
    // Other states (REVOKED, a closed payment) moved no money.
  }
  return { merchantId, lines };
}

// ---- Alipay ----

const ALIPAY_COLUMNS = [
  '支付宝交易号',
  '商户订单号',
  '业务类型',
  '商品名称',
  '创建时间',
  '完成时间',
  '门店编号',
  '门店名称',
  '操作员',
  '终端号',
  '对方账户',
  '订单金额（元）',
  '商家实收（元）',
  '支付宝红包（元）',
  '集分宝（元）',
  '支付宝优惠（元）',
  '商家优惠（元）',
  '券核销金额（元）',
  '券名称',
  '商家红包消费金额（元）',
  '卡消费金额（元）',
  '退款批次号/请求号',
  '服务费（元）',
  '分润（元）',
  '备注',
] as const;

/** Alipay's trade bill zip for the rows (the sandbox's): the detail CSV and its summary, in GBK. */
export async function alipayBillZip(account: string, day: string, rows: readonly SourceRow[]): Promise<Buffer> {
  const compact = day.replaceAll('-', '');
  const detail = [
    '#支付宝业务明细查询',
    `#账号：[${account}]`,
    `#起始日期：[${compact} 00:00:00]   终止日期：[${compact} 23:59:59]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    ALIPAY_COLUMNS.join(','),
    ...rows.map((r) => {
      const refund = r.subject === 'refund';
      const sign = refund ? -1 : 1;
      const cells: Record<(typeof ALIPAY_COLUMNS)[number], string> = {
        支付宝交易号: r.platformNumber,
        商户订单号: r.orderNumber,
        业务类型: refund ? '退款' : '交易',
        商品名称: '自助售货',
        创建时间: r.at,
        完成时间: r.at,
        门店编号: '',
        门店名称: '',
        操作员: '',
        终端号: '',
        对方账户: '138****0000',
        '订单金额（元）': yuan(sign * r.amount),
        '商家实收（元）': yuan(sign * r.amount),
        '支付宝红包（元）': '0.00',
        '集分宝（元）': '0.00',
        '支付宝优惠（元）': '0.00',
        '商家优惠（元）': '0.00',
        '券核销金额（元）': '0.00',
        券名称: '',
        '商家红包消费金额（元）': '0.00',
        '卡消费金额（元）': '0.00',
        '退款批次号/请求号': refund ? (r.refundNumber ?? '') : '',
        '服务费（元）': yuan(refund ? r.fee : -r.fee),
        '分润（元）': '0.00',
        备注: '',
      };
      // Alipay pads its values with a tab.
      return ALIPAY_COLUMNS.map((c) => `${cells[c]}\t`).join(',');
    }),
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${rows.filter((r) => r.subject === 'payment').length}笔`,
    `#导出时间：[${compact} 09:00:00]`,
    '',
  ].join('\r\n');
  const zip = new JSZip();
  zip.file(`${account}_${compact}_业务明细.csv`, iconv.encode(detail, 'gbk'));
  zip.file(`${account}_${compact}_业务明细(汇总).csv`, iconv.encode('#支付宝业务汇总查询\r\n', 'gbk'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Alipay's trade bill zip read: the detail file's payments and refunds, and the account it names. */
export async function readAlipayBill(bytes: Buffer): Promise<ReadBill> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new UnreadableBill('not a zip');
  }
  const entry = Object.values(zip.files).find((f) => f.name.includes('业务明细') && !f.name.includes('汇总'));
  if (!entry) throw new UnreadableBill('no detail file');
  const text = iconv.decode(await entry.async('nodebuffer'), 'gbk');
  const rows = text.split(/\r?\n/);
  const account = /#账号：\[(\d+)\]/.exec(text)?.[1] ?? null;
  const headAt = rows.findIndex((r) => r.startsWith('支付宝交易号'));
  if (headAt < 0) throw new UnreadableBill('no header line');
  const head = rows[headAt]!.split(',').map((c) => c.trim());
  const col = (name: (typeof ALIPAY_COLUMNS)[number]) => columnOf(head, name);
  const at = {
    platformNumber: col('支付宝交易号'),
    number: col('商户订单号'),
    kind: col('业务类型'),
    amount: col('订单金额（元）'),
    request: col('退款批次号/请求号'),
    fee: col('服务费（元）'),
  };
  const lines: BillLine[] = [];
  for (const row of rows.slice(headAt + 1)) {
    if (row.startsWith('#')) break;
    if (!row.trim()) continue;
    const cells = row.split(',').map((c) => c.trim());
    if (cells.length < head.length) throw new UnreadableBill(`a line of ${cells.length} fields`);
    const refund = cells[at.kind] === '退款';
    if (!refund && cells[at.kind] !== '交易') continue;
    lines.push({
      subject: refund ? 'refund' : 'payment',
      number: refund ? cells[at.request]! : cells[at.number]!,
      platformNumber: cells[at.platformNumber] || null,
      amount: Math.abs(fenOf(cells[at.amount]!)),
      // Alipay writes what it charges as negative and what it gives back as positive.
      fee: -fenOf(cells[at.fee]!),
    });
  }
  return { merchantId: account, lines };
}
