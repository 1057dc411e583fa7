/** What the member domain needs from the domains built on it (server/ports.ts). */
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { port } from '../../shared/ports.js';

/** A member's paid orders and what they came to, in fen, net of refunds: `{ orders, spent }` (the order domain). */
export const memberOrders = port<(memberId: PgColumn) => SQL<{ orders: number; spent: number }>>('member.memberOrders');
/** A member's orders as its data export gives them: a JSON array, newest first (the order domain). */
export const memberOrderList = port<(memberId: PgColumn) => SQL<unknown[]>>('member.memberOrderList');

/**
 * What each of the members `memberIds` (a subquery of member ids) spent since
 * `since`: a derived table of `member_id, spent` (fen paid less refunded; the
 * order domain), the spend a member's grade counts.
 */
export const memberSpends = port<(memberIds: SQL, since: Date) => SQL>('member.memberSpends');

export const memberPorts = [memberOrders, memberOrderList, memberSpends] as const;
