/** Addresses of the revenue-share screens (pure). */
export const STATEMENTS_PATH = '/shares/statements';
export const HOSTS_PATH = '/shares/hosts';
export const RULES_PATH = '/shares/rules';
export const statementPath = (id: number) => `/shares/statement?id=${id}`;
