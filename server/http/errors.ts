/**
 * How refusals travel: handlers throw `BizError(CODE.x)`; the error handler
 * (server/http/register.ts) answers `{ code, message }` with the HTTP status
 * below.
 *
 * HTTP status choice. The console checks the body code on every answer (spec
 * §8), so the status is for everything else that reads HTTP: proxies, logs,
 * curl, generic clients. Refusals therefore never answer 200 and never 500:
 * - 400 the request itself is wrong: schema validation, bad credentials at
 *   sign-in, a missing tenant (1402), a wrong old password (1514);
 * - 401 no usable credentials: token missing/expired/invalid (1501–1503),
 *   wrong OAuth client (1506);
 * - 403 authenticated but not allowed: role or power missing (403), disabled
 *   account (1504);
 * - 404 not found or out of the caller's scope, indistinguishably (404, 1201,
 *   1401, 1410);
 * - 409 a business rule refuses the change in the current state (1411–1414
 *   and any other business code without an entry here);
 * - 429 too many sign-in attempts (1505);
 * - 500 an unexpected exception only, with body code 502.
 */
import { CODE, ERRORS } from '../../shared/errors.js';

const STATUS: Readonly<Record<number, number>> = {
  [CODE.badRequest]: 400,
  [CODE.tenantRequired]: 400,
  [CODE.wrongOldPassword]: 400,
  [CODE.unauthorized]: 401,
  [CODE.tokenMissing]: 401,
  [CODE.tokenExpired]: 401,
  [CODE.tokenInvalid]: 401,
  [CODE.badClient]: 401,
  [CODE.forbidden]: 403,
  [CODE.accountDisabled]: 403,
  [CODE.notFound]: 404,
  [CODE.deviceNotFound]: 404,
  [CODE.tenantNotFound]: 404,
  [CODE.pointNotFound]: 404,
  [CODE.tooManyAttempts]: 429,
  [CODE.serverError]: 500,
  [CODE.unavailable]: 503,
};

/** The HTTP status a body code is answered with. */
export const httpStatusOf = (code: number): number => STATUS[code] ?? 409;

/** A refusal with a spec §8 body code. The message is English; the console localises by code. */
export class BizError extends Error {
  readonly code: number;
  readonly statusCode: number;

  constructor(code: number, message?: string, statusCode?: number) {
    super(message ?? ERRORS[code]?.texts.en ?? `Error ${code}`);
    this.name = 'BizError';
    this.code = code;
    this.statusCode = statusCode ?? httpStatusOf(code);
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
