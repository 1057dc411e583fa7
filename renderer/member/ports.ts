/** What the member screens need from the domains built on members (shared/ports.ts). */
import type { ComponentType } from 'react';
import { port } from '../../shared/ports.js';

/** A member's orders on its page, each opening the order's page (the order domain). */
export const memberOrders = port<ComponentType<{ memberId: number }>>('member.orders');

/** A member's stored value on its page: its parts and moves, and its top-up (the wallet domain). */
export const memberWallet = port<ComponentType<{ memberId: number; memberName: string }>>('member.wallet');

export const memberPorts = [memberOrders, memberWallet] as const;
