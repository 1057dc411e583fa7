/**
 * How refusals travel: handlers throw `BizError(CODE.x)`; the error handler
 * (server/http/replies.ts) answers `{ code, message }` with the HTTP status
 * the code's catalogue entry names (shared/errors/define.ts explains the
 * choice: refusals never answer 200 and never 500; a code without an entry
 * answers 409).
 */
import { ERRORS, statusOf } from '../../shared/domains.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/sql.js';

/** The HTTP status a body code is answered with. */
export const httpStatusOf = (code: number): number => statusOf(code);

/** A refusal with a spec §8 body code. The message is English; the console localises by code. */
export class BizError extends Error {
  readonly code: number;
  readonly statusCode: number;
  /** Seconds until trying again makes sense: sent as `Retry-After` and as `content.retryAfter`. */
  readonly retryAfter: number | undefined;

  constructor(code: number, message?: string, statusCode?: number, options: { retryAfter?: number } = {}) {
    super(message ?? ERRORS[code]?.texts.en ?? `Error ${code}`);
    this.name = 'BizError';
    this.code = code;
    this.statusCode = statusCode ?? httpStatusOf(code);
    this.retryAfter = options.retryAfter;
  }
}

/** Field issues of a request that failed its schema: `path.to.field` → i18n key. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly fields: Record<string, string>;

  constructor(fields: Record<string, string>) {
    super('The request does not match its schema');
    this.name = 'RequestValidationError';
    this.fields = fields;
  }
}

/**
 * Runs a write whose unique key stands for a business rule (a number unique
 * within a tenant) and answers a violation with that rule's code: a handler
 * checks first for a clear answer, and a racing write that slips past the
 * check meets the key and gets the same answer.
 */
export async function uniqueAs<T>(code: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new BizError(code);
    throw err;
  }
}
