/** Where `/` goes (spec §2), and where every user with the dashboard lands; apart from routes.ts, so the first bundle can name it without the route builders. */
export const DASHBOARD_PATH = '/dashboard';
