/** Addresses of the member centre's screens (pure). */
export const MEMBERS_PATH = '/memberCenter/memberInfo';
export const memberPath = (memberId: number) => `/memberCenter/memberDetail?id=${memberId}`;
