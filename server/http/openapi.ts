/**
 * The published contract (`/openapi.json`) says how every operation refuses,
 * not only how it succeeds: the refusal envelope `{ code, message,
 * content? }` as each operation's 4XX and 5XX answer, added to the document
 * in one place from the API table's routes — never to the routes' response
 * schemas, which encode the answers sent. Plus where the API lives and under
 * what licence.
 */
import type { SwaggerTransform } from '@fastify/swagger';

/** The refusal envelope as a JSON schema. */
export const REFUSAL_SCHEMA = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'integer',
      description:
        "The catalogue code of the refusal (shared/errors and each domain's errors.ts): 400 a field is wrong (`content.fields` names them), 403 not allowed, 404 not found, 1501–1504 the token, 1505 sign-ins slowed down, a domain's own code (e.g. 2805, 977); 502 a fault of the upstream, 1302 its database out of reach.",
    },
    message: {
      type: 'string',
      description: 'What went wrong, in English, for logs: the console shows its own text for the code.',
    },
    content: {
      type: 'object',
      properties: {
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Each wrong field and the catalogue key of its rule (code 400).',
        },
        retryAfter: { type: 'integer', description: 'Seconds before trying again (code 1505).' },
      },
    },
  },
} as const;

const BYTES = {
  description: "The file's bytes, under their own Content-Type (an image, an .xlsx sheet).",
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};

const refusal = (description: string) => ({ description, ...REFUSAL_SCHEMA });

/** The route's document with its refusals, after `transform` (fastify-type-provider-zod's) has made it JSON schema. */
export const withRefusals =
  (transform: SwaggerTransform): SwaggerTransform =>
  (arg) => {
    const out = transform(arg);
    if (out.schema.hide) return out;
    const response = (out.schema.response ?? {}) as Record<string, unknown>;
    // A binary answer (a file's bytes) has no schema of its own to encode it with: it is named here.
    const bytes = Object.keys(response).some((status) => status.startsWith('2')) ? {} : { 200: BYTES };
    return {
      ...out,
      schema: {
        ...out.schema,
        response: {
          ...response,
          ...bytes,
          '4XX': refusal(
            'Refused: the envelope with the catalogue code (HTTP 400, 401, 403, 404, 408, 409, 413 or 429 as the code says).',
          ),
          '5XX': refusal(
            'Not done: HTTP 503 while the database is out of reach (code 1302), 500 for a fault of the upstream (code 502).',
          ),
        },
      },
    };
  };

export const SERVERS = [
  { url: '/', description: "This upstream (the console's host or any client on the same origin)" },
];
/** No public licence: the API is the product's own (package.json `private`). */
export const LICENSE = { name: 'Proprietary' };
