/**
 * The session (spec §4 "Login"): signs in with the password grant, keeps the
 * token in the vault, builds the SessionUser the renderer sees, and clears
 * everything on failure, sign-out, or a token the upstream refuses. The token
 * itself never leaves this module and the vault.
 */
import { randomBytes } from 'node:crypto';
import type { UserInfo } from '../../shared/account/index.js';
import type { SignInForm } from '../../shared/account/index.js';
import { CODE } from '../../shared/domains.js';
import { type CallError, upstreamUnavailable } from '../../shared/errors/policy.js';
import type { CallResult, SessionUser } from '../../shared/ipc.js';
import { ROLE_NAME, roleKindOf } from '../../shared/roles.js';
import type { UpstreamClient } from './client.js';
import { fail, LOCAL, localError, ok } from './result.js';
import type { TokenVault } from './vault.js';

/** Spec §4: only users of this platform type stay signed in. */
export const CONSOLE_PLATFORM_TYPE = 0;

/** Body codes and HTTP status that mean the token is missing, expired or invalid (spec §4, §8). */
const TOKEN_CODES: ReadonlySet<number> = new Set([
  CODE.unauthorized,
  CODE.tokenMissing,
  CODE.tokenExpired,
  CODE.tokenInvalid,
]);

/**
 * True when an error says the upstream no longer accepts the token. An HTTP
 * 503 never does, whatever its body: the upstream cannot check tokens then.
 */
export function isTokenRefusal(error: CallError): boolean {
  if (error.source !== 'upstream' || upstreamUnavailable(error)) return false;
  return error.status === CODE.unauthorized || TOKEN_CODES.has(error.code);
}

export interface Session {
  /** Signs in; on any failure the token is cleared and the error passed on. */
  signIn(form: SignInForm): Promise<CallResult<SessionUser>>;
  /** The signed-in user: cached, or rebuilt from a stored token; null when signed out. */
  current(): Promise<CallResult<SessionUser | null>>;
  /** Revokes the token upstream (failure ignored) and clears the session. */
  signOut(): Promise<CallResult<null>>;
  /** A member's user built again from its token (its role may have changed); others as cached. Same session, same epoch. */
  refresh(): Promise<CallResult<SessionUser | null>>;
  /** The cached user, without any call. */
  user(): SessionUser | null;
  /**
   * The current session's epoch (shared/ipc.ts `SessionUser.epoch`): a new
   * one at every sign-in, sign-out and refused token, and unique to this
   * run, so that a page of a previous session, or of a previous run of the
   * host, never matches.
   */
  epoch(): string;
  /** The token to attach to an upstream call, or null. */
  token(): Promise<string | null>;
  /**
   * Clears token and user after the upstream refused `token` — only if it is
   * still the current one (a newer sign-in is kept).
   */
  invalidate(token: string): Promise<void>;
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** A user as built from the upstream, before it is stamped with its session's epoch. */
type BuiltUser = Omit<SessionUser, 'epoch'>;

export function createSession(client: UpstreamClient, vault: TokenVault): Session {
  let cached: SessionUser | null = null;
  let restoring: Promise<CallResult<SessionUser | null>> | null = null;
  /**
   * Bumped at every sign-in, sign-out and invalidation, so a late restore
   * cannot resurrect a session; with the run's random prefix it is the epoch.
   */
  let generation = 0;
  const run = randomBytes(9).toString('base64url');
  const epochOf = (gen: number) => `${run}.${gen}`;

  const clear = async () => {
    cached = null;
    await vault.clear();
  };

  /** Best effort: tells the upstream to forget a token the console is discarding. */
  const revoke = async (token: string) => {
    await client.request('account.exit', { query: { token } }, token).catch(() => undefined);
  };

  /**
   * Builds the SessionUser from a token: user info, the platform check, the
   * role kind, and for users without roles their employee powers.
   */
  async function build(token: string): Promise<CallResult<BuiltUser>> {
    const infoRes = await client.request('account.info', {}, token);
    if (!infoRes.ok) return infoRes;
    const info = infoRes.content as UserInfo;
    if (info.platformType !== CONSOLE_PLATFORM_TYPE) return localError(CODE.operationFailed, LOCAL.loginFailed);

    const kind = roleKindOf(info.roles);
    if (kind) {
      return ok({
        ...info,
        roleKind: kind,
        roleName: info.roles[0]?.name ?? ROLE_NAME.member,
        allValue: unique([...info.roles.map((r) => r.value), ...info.powers]),
      });
    }

    // No roles: the user is a member; its powers come with its employee record (60 s call).
    const staffRes = await client.request('staff.info', { body: { userId: info.userId } }, token);
    if (!staffRes.ok) return staffRes;
    const employee = staffRes.content as { employeeId: number; tenantId: number; powers: string[] };
    const powers = unique([...info.powers, ...employee.powers]);
    if (powers.length === 0) return localError(CODE.forbidden, LOCAL.noPermission);
    return ok({
      ...info,
      employeeId: info.employeeId ?? employee.employeeId,
      tenantId: info.tenantId ?? employee.tenantId,
      powers,
      roleKind: 'member',
      roleName: ROLE_NAME.member,
      allValue: powers,
    });
  }

  async function restore(gen: number): Promise<CallResult<SessionUser | null>> {
    const token = await vault.get();
    if (!token) return ok(null);
    const built = await build(token);
    if (gen !== generation) return ok(cached); // signed in or out meanwhile
    if (built.ok) {
      cached = { ...built.content, epoch: epochOf(gen) };
      return ok(cached);
    }
    // Offline at start, or the upstream briefly unavailable (HTTP 503, its
    // database restarting): keep the token and say why.
    if (built.error.source === 'network' || upstreamUnavailable(built.error)) return built;
    await clear();
    if (built.error.source === 'local') await revoke(token);
    return isTokenRefusal(built.error) ? ok(null) : built;
  }

  return {
    user: () => cached,
    epoch: () => epochOf(generation),
    token: () => vault.get(),

    async signIn(form) {
      generation++;
      const previous = await vault.get();
      await clear();
      // Signing in over a session ends it upstream too (in the background).
      if (previous) void revoke(previous);
      // This install's device token for the account, when it signed in to it before (server/account/devices.ts).
      const device = await vault.deviceToken(form.username);
      const tokenRes = await client.request('account.token', {
        body: {
          grant_type: 'password',
          username: form.username,
          password: form.password,
          ...(device ? { device_token: device } : {}),
        },
      });
      // A member without any power code: the upstream refuses its token; the console says so as it always has.
      if (!tokenRes.ok)
        return tokenRes.error.code === CODE.noPermissions ? localError(CODE.forbidden, LOCAL.noPermission) : tokenRes;
      const answer = tokenRes.content as {
        access_token: string;
        device_token?: string;
        failed_attempts?: number;
        last_failed_at?: string | null;
      };
      const token = answer.access_token;
      await vault.set(token);
      if (answer.device_token) await vault.setDeviceToken(form.username, answer.device_token);

      const gen = generation;
      const built = await build(token);
      if (gen !== generation) {
        // Signed out or in again meanwhile: this token is not the session's.
        await revoke(token);
        return localError(CODE.operationFailed, LOCAL.loginFailed);
      }
      if (!built.ok) {
        await clear();
        // A refusal by the console: the upstream still holds a valid token; revoke it.
        if (built.error.source === 'local') await revoke(token);
        return fail(built.error);
      }
      cached = { ...built.content, epoch: epochOf(gen) };
      // Told once, with this sign-in: the wrong passwords given for the account since the last.
      const failed = answer.failed_attempts ?? 0;
      return ok(
        failed > 0 ? { ...cached, failedSignIns: { count: failed, lastAt: answer.last_failed_at ?? null } } : cached,
      );
    },

    async refresh() {
      const before = cached;
      if (!before || before.roleKind !== 'member') return ok(before);
      const gen = generation;
      const token = await vault.get();
      const built = token ? await build(token) : null;
      // Signed out or in meanwhile, or the read failed: the session's own calls will say what became of it.
      if (gen !== generation || !built?.ok || cached !== before) return ok(cached);
      cached = { ...built.content, epoch: before.epoch };
      return ok(cached);
    },

    current() {
      if (cached) return Promise.resolve(ok(cached));
      // Several screens ask at start-up: one restore serves them all.
      restoring ??= restore(generation).finally(() => {
        restoring = null;
      });
      return restoring;
    },

    async signOut() {
      generation++;
      const token = await vault.get();
      await clear();
      if (token) await revoke(token);
      return ok(null);
    },

    async invalidate(token) {
      if ((await vault.get()) !== token) return;
      generation++;
      await clear();
    },
  };
}
