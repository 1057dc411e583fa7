/** The payment domain on the upstream: each tenant's payment settings, secrets sealed at rest. It uses tenants, never the other way. */
import { defineServerDomain } from '../manifest.js';
import { paymentHandlers } from './handlers.js';

export { paymentSecrets, paymentSettings } from './schema.js';
export {
  configureSecrets,
  unseal,
  parseKeys,
  resealed,
  sealNow,
  secretKeys,
  startupKeys,
  type Sealed,
  type SecretKey,
} from './secrets.js';
export { rotateSecrets } from './settings.js';
export { rsaPublicKey } from './check.js';
export { providerFor, platformEndpoints, type PayPlatform } from './provider/resolve.js';
export {
  answerEffect,
  FIRST_QUERY_MS,
  lookAt,
  nextLook,
  openMiniProgram,
  openNative,
  type AnswerEffect,
} from './provider/native.js';
export { paymentNoticeRoute, type PaymentNoticeRoute } from './provider/notices.js';
export {
  askRefund,
  FIX_AFTER_MS,
  refundEffect,
  refundQueryAt,
  type RefundEffect,
  type RefundPhase,
} from './provider/refunds.js';
export {
  answerNotice,
  noticeAdapter,
  notifyAddress,
  platformOfAdapter,
  type NoticeAdapter,
} from './provider/answer.js';
export {
  ProviderError,
  type BillFile,
  type NativeAnswer,
  type PaymentAnswer,
  type PaymentAsk,
  type PaymentNotice,
  type PaymentProvider,
  type RefundAnswer,
  type RefundAsk,
  type RefundNotice,
  type RefundRef,
} from './provider/types.js';

export const paymentServer = defineServerDomain({
  name: 'payment',
  handlers: paymentHandlers,
});
