/**
 * How the upstream answers a platform's notification (a refund's or a payment's end), in each platform's form,
 * as its documents ask: WeChat Pay API v3 wants 204 (or 4xx with a JSON code to be told again later), API v2 an
 * XML `return_code`, Alipay the bare word `success` (anything else and it repeats).
 */
import type { FastifyReply } from 'fastify';

/** The notification addresses' adapter segment: which protocol posted. */
export const NOTICE_ADAPTERS = ['wechat-v2', 'wechat-v3', 'alipay'] as const;
export type NoticeAdapter = (typeof NOTICE_ADAPTERS)[number];

export const noticeAdapter = (segment: string): NoticeAdapter | undefined => NOTICE_ADAPTERS.find((a) => a === segment);

/** The settings' section an adapter reads: its platform. */
export const platformOfAdapter = (adapter: NoticeAdapter) => (adapter === 'alipay' ? 'alipay' : 'wechat');

/**
 * Where a platform is to post a notification: the upstream's public address (`PAYMENT_NOTIFY_URL`) and the path,
 * or none when that address is not set (the query then learns what a notification would have said).
 */
export const notifyAddress = (path: string, env: NodeJS.ProcessEnv = process.env): string | undefined =>
  env.PAYMENT_NOTIFY_URL ? `${env.PAYMENT_NOTIFY_URL.replace(/\/+$/, '')}${path}` : undefined;

export function answerNotice(reply: FastifyReply, adapter: NoticeAdapter, ok: boolean, message = 'OK') {
  if (adapter === 'wechat-v3') return ok ? reply.code(204).send() : reply.code(400).send({ code: 'FAIL', message });
  if (adapter === 'wechat-v2')
    return reply
      .code(200)
      .type('text/xml')
      .send(
        `<xml><return_code><![CDATA[${ok ? 'SUCCESS' : 'FAIL'}]]></return_code><return_msg><![CDATA[${message}]]></return_msg></xml>`,
      );
  return reply
    .code(200)
    .type('text/plain')
    .send(ok ? 'success' : 'fail');
}
