/**
 * A route for the platforms' payment notifications (outside the API table: each platform posts and expects its
 * own format). The payee's adapter, found by the caller from the address, verifies it (and for WeChat's API v3
 * decrypts it); the caller records what it tells — once, under its payment's lock, a repeat changing nothing —
 * and the platform is answered so that it stops repeating. One that does not verify is refused in the platform's
 * form, and the platform tries again later. The renewals and the members' top-ups share it.
 */
import type { FastifyInstance } from 'fastify';
import { answerNotice, noticeAdapter, platformOfAdapter, type NoticeAdapter } from './answer.js';
import { ProviderError, type PaymentNotice, type PaymentProvider } from './types.js';

/** The address's parameters (`adapter` and the caller's own). */
type Params = Record<string, string>;

export interface PaymentNoticeRoute {
  /** The route, its first parameter `:adapter`. */
  path: string;
  /** The provider that made the payments this address tells of; null when none here (refused, told again). */
  provider: (platform: 'wechat' | 'alipay', params: Params) => Promise<PaymentProvider | null>;
  /** Records a verified notice (of a payment this adapter made; another's number is acknowledged and left). */
  record: (notice: PaymentNotice, adapter: NoticeAdapter, params: Params) => Promise<void>;
}

export function paymentNoticeRoute(app: FastifyInstance, route: PaymentNoticeRoute): void {
  app.post<{ Params: Params; Body: string }>(
    route.path,
    { schema: { hide: true }, bodyLimit: 64 * 1024 },
    async (request, reply) => {
      const adapter = noticeAdapter(request.params.adapter ?? '');
      if (!adapter) return reply.code(404).send();
      const provider = await route.provider(platformOfAdapter(adapter), request.params).catch(() => null);
      if (!provider || provider.name !== adapter) return answerNotice(reply, adapter, false, 'no such merchant here');
      try {
        const body = typeof request.body === 'string' ? request.body : '';
        await route.record(provider.readPaymentNotice(request.headers, body), adapter, request.params);
      } catch (e) {
        if (!(e instanceof ProviderError)) throw e;
        request.log.warn({ adapter, fault: e.fault }, 'payment notification refused');
        return answerNotice(reply, adapter, false, e.fault);
      }
      return answerNotice(reply, adapter, true);
    },
  );
}
