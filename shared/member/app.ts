/**
 * The member-facing API: what a tenant's WeChat mini-program calls for the
 * person buying at the machines, never the console. A member signs in with
 * the code `wx.login()` gave the mini-program, exchanged with WeChat (here a
 * sandbox provider: docs/domains/member.md) for the person's openid; the
 * answer is a member session token the other calls carry as a bearer token
 * (`access: { auth: 'memberApp' }`). Members come into being here, at their
 * first sign-in, never typed in by hand.
 */
import { z } from 'zod';
import { isIsoDate } from '../format.js';
import { endpoint, id, isoTime, page, pageQuery, phone, str } from '../api/define.js';
import { MEMBER_LIMITS, MEMBER_STATES, pointEntry } from './api.js';

const memberApp = { auth: 'memberApp' } as const;

/** How long a member session lasts after its sign-in. */
export const MEMBER_SESSION_HOURS = 24;
/** How long a WeChat sign-in code is good for (WeChat's own rule: five minutes, once). */
export const WECHAT_CODE_MINUTES = 5;

/** A phone's verification code (an SMS): its life, its tries, and how often one is sent to a number or for a member. */
export const PHONE_CODE = {
  minutes: 5,
  tries: 5,
  /** At most one code a minute, and ten in 24 hours, per number and per member. */
  gapSeconds: 60,
  perDay: 10,
} as const;

export const birthday = str()
  .trim()
  .refine(isIsoDate, { message: 'member.validation.birthday' })
  .refine((v) => v >= '1900-01-01', { message: 'member.validation.birthday' });

/** What a member sees of itself, and what the mini-program shows on its card. */
export const memberProfile = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  /** The tenant's member card name (spec §3 member config). */
  cardName: z.string(),
  cardNumber: z.string(),
  nickname: z.string(),
  phone: z.string().nullable(),
  /** The phone was proven by a code sent to it (or WeChat's phone-number grant): only then does a customer group take it. */
  phoneVerified: z.boolean(),
  employeeNumber: z.string().nullable(),
  birthday: z.string().nullable(),
  state: z.enum(MEMBER_STATES),
  /** Points of the lots still live (never below zero). */
  points: z.number().int(),
  /** Points a refund took back after they were spent: settled from the next points earned. */
  owed: z.number().int(),
  registeredAt: isoTime,
  /** The member's grade as the last regrade found it, with the points it earns per sale in percent; null: none. */
  grade: z.object({ name: z.string(), pointsPercent: z.number().int() }).nullable(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const memberSignIn = z
  .object({
    /** The tenant whose mini-program the person opened. */
    tenantId: id,
    /** What `wx.login()` answered: good for five minutes and one sign-in. */
    code: str().trim().min(1, { message: 'validation.required' }).max(MEMBER_LIMITS.code),
    /** The machine whose code was scanned, if any: its point is where the member registered. */
    deviceSerial: str().trim().max(64).optional(),
    /** The member who shared the mini-program (an invitation). */
    inviterId: id.optional(),
  })
  .meta({ examples: [{ tenantId: 2, code: 'wxsandbox.bad.code' }] });

/**
 * What a member states of itself. Not the phone: a phone is proven first
 * (`member.sendPhoneCode`, `member.verifyPhone`), so a field named `phone`
 * is refused here rather than dropped without a word.
 */
export const memberUpdate = z.strictObject({
  nickname: str().trim().min(1, { message: 'validation.required' }).max(MEMBER_LIMITS.nickname).optional(),
  /** Where a customer group knows its people by employee number (shared/group), the person states theirs. */
  employeeNumber: str()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,32}$/, { message: 'member.validation.employeeNumber' })
    .optional(),
  birthday: birthday.optional(),
});

export const memberAppApi = {
  'member.signIn': endpoint({
    method: 'POST',
    path: '/member-api/v1/sign-in',
    summary:
      "A person signs in to a tenant's mini-program with a WeChat code: their member (made at the first sign-in) and a session token. 701 bad code, 702 expired, 703 used, 704 blocked member, 705 no member programme.",
    body: memberSignIn,
    content: z.object({ token: z.string(), expiresAt: isoTime, created: z.boolean(), member: memberProfile }),
    access: { auth: 'none' },
  }),
  'member.me': endpoint({
    method: 'GET',
    path: '/member-api/v1/me',
    summary: 'The signed-in member: card, profile, points balance.',
    content: memberProfile,
    access: memberApp,
  }),
  'member.updateMe': endpoint({
    method: 'PUT',
    path: '/member-api/v1/me',
    summary:
      'The member changes its nickname, employee number or birthday (a phone is proven through member.verifyPhone); a customer group waiting for that number takes it (shared/group).',
    body: memberUpdate,
    content: memberProfile,
    access: memberApp,
  }),
  'member.sendPhoneCode': endpoint({
    method: 'POST',
    path: '/member-api/v1/phone/codes',
    summary:
      'Sends a six-digit code to a phone the member wants to hold: good for five minutes and five tries. 2403 more than once a minute or ten times a day (per number and per member), 2404 no SMS service, 2405 another member of the tenant holds the number.',
    body: z.object({ phone }).meta({ examples: [{ phone: '13761200399' }] }),
    content: z.object({ expiresAt: isoTime, resendAt: isoTime }),
    access: memberApp,
  }),
  'member.verifyPhone': endpoint({
    method: 'POST',
    path: '/member-api/v1/phone',
    summary:
      "The member proves a phone — the code sent to it, or WeChat's phone-number grant (getPhoneNumber) — and holds it; a customer group waiting for that number takes it. 2401 wrong code, 2402 expired, used or tried five times, 2405 held by another member, 701 a grant that is not one.",
    body: z.union([
      z.strictObject({
        phone,
        code: str()
          .trim()
          .regex(/^\d{6}$/, { message: 'member.validation.phoneCode' }),
      }),
      z.strictObject({ grant: str().trim().min(1, { message: 'validation.required' }).max(MEMBER_LIMITS.code) }),
    ]),
    content: memberProfile,
    access: memberApp,
  }),
  'member.myPoints': endpoint({
    method: 'GET',
    path: '/member-api/v1/points',
    summary: "The member's points: the balance, what expires when, and its history, newest first.",
    query: pageQuery,
    content: z.object({
      points: z.number().int(),
      expiring: z.array(z.object({ points: z.number().int(), expiresAt: isoTime })),
      history: page(pointEntry),
    }),
    access: memberApp,
  }),
  'member.signOut': endpoint({
    method: 'POST',
    path: '/member-api/v1/sign-out',
    summary: "Ends the member's session.",
    content: z.object({ signedOut: z.boolean() }),
    access: memberApp,
  }),
} as const;
