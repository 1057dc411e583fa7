/**
 * What a domain module provides: one handler per operation of the API table,
 * typed from the operation's definition. A handler receives the validated
 * input (schemas already applied) and a context, and returns the `content` of
 * the answer; it refuses by throwing `BizError`. Enveloping, status codes,
 * access checks and validation are the mechanism's (register.ts), not its.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Api, ApiOp } from '../../shared/domains.js';
import type { Db } from '../db/index.js';
import type { AuthUser, DeviceCaller, MemberCaller } from './principal.js';
import type { Scope } from '../scope.js';

type Parsed<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

export interface HandlerInput<E> {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
}

/** The answer's content; an endpoint whose content may be absent lets its handler return nothing. */
export type HandlerOutput<E> = E extends { content: infer S extends z.ZodType }
  ? undefined extends z.output<S>
    ? z.output<S> | void
    : z.output<S>
  : never;

export interface RequestContext {
  db: Db;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Context of endpoints with `auth: 'user'`: the signed-in user and its tenant scope. */
export interface UserContext extends RequestContext {
  user: AuthUser;
  scope: Scope;
  /** The id of the token this request came with (its own session). */
  tokenId: number;
}

/** Context of endpoints with `auth: 'device'`: the machine calling. */
export interface DeviceContext extends RequestContext {
  device: DeviceCaller;
}

/** Context of endpoints with `auth: 'memberApp'`: the member of the mini-program's session. */
export interface MemberAppContext extends RequestContext {
  member: MemberCaller;
}

export type ContextOf<E> = E extends { access: { auth: 'user' } }
  ? UserContext
  : E extends { access: { auth: 'device' } }
    ? DeviceContext
    : E extends { access: { auth: 'memberApp' } }
      ? MemberAppContext
      : RequestContext;

export type Handler<K extends ApiOp> = (
  input: HandlerInput<Api[K]>,
  ctx: ContextOf<Api[K]>,
) => Promise<HandlerOutput<Api[K]>>;

/** Every operation of the table with its handler; registration refuses to start without all of them. */
export type Handlers = { [K in ApiOp]: Handler<K> };

/** Types a domain's handler map from the operation names used as its keys. */
export const defineHandlers = <K extends ApiOp>(handlers: { [P in K]: Handler<P> }): { [P in K]: Handler<P> } =>
  handlers;
