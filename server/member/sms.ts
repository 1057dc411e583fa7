/**
 * Text messages to a member's phone: the one a verification code needs.
 *
 * `SmsProvider` is the interface a real SMS platform fills (Aliyun SMS,
 * Tencent Cloud SMS: a signed HTTPS call naming a sign name, a template id
 * and the template's parameters — here the code and its minutes). The demo
 * holds no SMS account, so the only provider built is the sandbox,
 * which writes each message to a file of the outbox folder (`OUTBOX_DIR`,
 * where the export mails of the embedded demo go too) and a line of the
 * upstream's output. Like every sandbox it runs only where `SANDBOX` is on
 * (server/manifest.ts); a production upstream without a real provider
 * answers 2404 rather than pretending to send (docs/domains/member.md).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CODE } from '../../shared/domains.js';
import { BizError } from '../http/errors.js';
import { sandboxesOn } from '../manifest.js';

export interface VerificationMessage {
  phone: string;
  /** The six digits. */
  code: string;
  /** How long the code is good for. */
  minutes: number;
}

export interface SmsProvider {
  /** Sends the message or throws; a message the platform refused is not sent. */
  sendVerification(message: VerificationMessage): Promise<void>;
}

/** The outbox folder (docs/configuration.md `OUTBOX_DIR`), read when a message is written so a test may point it elsewhere. */
const outbox = () => process.env.OUTBOX_DIR?.trim() || './.data/outbox';
const PREFIX = 'sms-';

/** Writes the message where a developer can read it: `sms-<phone>-<time>-<nonce>.txt`. */
export const sandboxSms: SmsProvider & { lastCode(phone: string): Promise<string | undefined> } = {
  async sendVerification({ phone, code, minutes }) {
    const dir = outbox();
    await mkdir(dir, { recursive: true });
    const name = `${PREFIX}${phone}-${Date.now().toString().padStart(15, '0')}-${randomBytes(3).toString('hex')}.txt`;
    await writeFile(join(dir, name), `To: ${phone}\n【Vend】验证码 ${code}，${minutes} 分钟内有效，请勿告诉他人。\n`);
    console.info(`[sms sandbox] ${phone}: ${code}`);
  },
  /** The code of the newest message to `phone` (for the tests and a developer's script). */
  async lastCode(phone) {
    const dir = outbox();
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.startsWith(`${PREFIX}${phone}-`));
    const newest = names.sort().at(-1);
    if (!newest) return undefined;
    return /验证码 (\d{6})/.exec(await readFile(join(dir, newest), 'utf8'))?.[1];
  },
};

/** The provider this upstream sends through: 2404 where there is none. */
export function smsProvider(): SmsProvider {
  if (sandboxesOn()) return sandboxSms;
  throw new BizError(CODE.smsUnavailable);
}
