/** Addresses of the account screens (pure). */
/** Account info (spec §2 top-bar shortcut). */
export const PERSON_PATH = '/person';
