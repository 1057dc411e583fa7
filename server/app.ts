/**
 * The reference vending-cloud upstream as a Fastify application over an open
 * database. The caller owns the database (opens and closes it); `buildApp`
 * only wires plugins, the API table's routes, health and OpenAPI.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { LICENSE, SERVERS, withRefusals } from './http/openapi.js';
import { CODE } from '../shared/domains.js';
import type { Database } from './db/index.js';
import { validatorCompiler } from './http/validation.js';
import { clientErrors, frameworkErrors, installReplies } from './http/replies.js';
import { registerApi } from './http/register.js';
import { registerEvents, startEventHub } from './http/events.js';
import { DEFAULT_BODY_LIMIT, serverTimeouts } from './http/limits.js';
import { registerSecurity } from './http/security.js';
import { loggerOptions, type LogOptions } from './http/logging.js';
import type { Handlers } from './http/handlers.js';
import { DEFAULT_SIGN_IN_LIMIT } from './account/index.js';
import { DEFAULT_DEVICE_LIMIT } from './device/index.js';
import type { DeviceRateLimit } from './http/principal.js';
import {
  authenticator,
  handlers as domainHandlers,
  recorderFor,
  registerOutsideRoutes,
  routeConfig,
} from './domains.js';
import type { AppSettings } from './manifest.js';
import { databaseStorage, type FileStorage } from './storage/index.js';

export interface BuildAppOptions {
  db: Database;
  /**
   * Fastify's logger, with secrets redacted (server/http/logging.ts): `true`
   * for warnings and errors on stdout (LOG_LEVEL overrides the level), or a
   * level and stream. Off by default.
   */
  logger?: boolean | LogOptions;
  /** Failed sign-ins allowed per account and per address (server/account/limits.ts). */
  signInLimit?: AppSettings['signInLimit'];
  /** Requests one device may make per window on the device-facing API (server/device/credentials.ts). */
  deviceLimit?: DeviceRateLimit;
  /** How often an event stream pings and re-checks its session (25 s; tests shorten it). */
  eventPingMs?: number;
  /** Replaces handlers by operation (tests use it to provoke failures). */
  handlers?: Partial<Handlers>;
  /** Origins a browser page may call the API from (CORS); none by default, so no CORS headers at all. */
  corsOrigins?: readonly string[];
  /** How long a client may take to send a whole request (default 30 s; server/http/limits.ts). */
  requestTimeoutMs?: number;
  /**
   * Fastify's `trustProxy`: whom to believe about the client's address in
   * X-Forwarded-For. Off by default, so behind a reverse proxy every client
   * shares the proxy's address and its sign-in limit; name the proxy's
   * addresses (TRUST_PROXY) there.
   */
  trustProxy?: boolean | string[];
  /** Where file bytes live (server/storage): the database unless a directory is given (STORAGE_DIR). */
  storage?: FileStorage;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? loggerOptions(opts.logger === true ? {} : opts.logger) : false,
    // Each API route has its own limit (server/http/limits.ts); this one is for unknown routes.
    bodyLimit: DEFAULT_BODY_LIMIT,
    ...serverTimeouts(opts.requestTimeoutMs),
    frameworkErrors,
    clientErrorHandler: clientErrors,
    trustProxy: opts.trustProxy ?? false,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are encoded with the table's content schemas: what the table does not name is not sent.
  app.setSerializerCompiler(serializerCompiler);
  installReplies(app, { ...(opts.db.saturated && { saturated: opts.db.saturated }) });
  await registerSecurity(app, opts.corsOrigins ?? []);

  await app.register(formbody);
  // Uploads (`upload` endpoints): one file part, nothing else; the size is checked per route (server/http/uploads.ts).
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1, headerPairs: 100 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Vend reference vending-cloud API',
        version: '0.1.0',
        description:
          'Generated from the API table (shared/<domain>/api.ts, assembled in shared/domains.ts). Envelope { code, message?, content? }; code 200 is success, any other code is a refusal (the 4XX and 5XX answers).',
        license: LICENSE,
      },
      servers: SERVERS,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'access_token from POST /oauth/token' },
          client: { type: 'http', scheme: 'basic', description: 'OAuth client credentials' },
          device: {
            type: 'http',
            scheme: 'basic',
            description: "A device's serial number and the secret issued at its activation (the device-facing API)",
          },
          member: {
            type: 'http',
            scheme: 'bearer',
            description: 'token from POST /member-api/v1/sign-in (the member-facing API)',
          },
        },
      },
    },
    transform: withRefusals(jsonSchemaTransform),
  });

  registerApi(app, {
    db: opts.db.db,
    auth: authenticator,
    handlers: { ...domainHandlers, ...opts.handlers },
    deviceLimit: opts.deviceLimit ?? DEFAULT_DEVICE_LIMIT,
    recorder: recorderFor(opts.db.db),
    routeConfig: routeConfig({
      signInLimit: opts.signInLimit ?? DEFAULT_SIGN_IN_LIMIT,
      storage: opts.storage ?? databaseStorage(opts.db.db),
    }),
  });

  await registerOutsideRoutes(app, opts.db.db);

  // Live events for the console (server/http/events.ts); open streams end before the server closes.
  const hub = await startEventHub(opts.db);
  registerEvents(app, {
    database: opts.db,
    auth: authenticator,
    hub,
    ...(opts.eventPingMs ? { pingMs: opts.eventPingMs } : {}),
  });
  app.addHook('preClose', async () => {
    await hub.close();
  });

  // Ready only while the database answers: a failing ping is a 503 (server/http/replies.ts).
  app.get('/health', { schema: { hide: true } }, async () => {
    await opts.db.ping();
    return { code: CODE.ok };
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.ready();
  return app;
}
