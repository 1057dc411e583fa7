/**
 * Upstream processes of their own for the tests that kill one (SIGKILL,
 * nothing closed) and watch another carry on: each on the suite's PostgreSQL
 * database (two processes need a database both reach: PostgreSQL only),
 * without demo data or simulator.
 */
import { spawnUpstream, type UpstreamProcess } from '../../scripts/upstream-process.js';
import { postgresUrl } from './helpers.js';

export { until } from '../../scripts/upstream-process.js';
export type Upstream = UpstreamProcess;

/** An upstream on the suite's database (with `env` beside it): its URL once it answers. */
export const upstream = (env: NodeJS.ProcessEnv = {}): Promise<Upstream> => spawnUpstream(postgresUrl!, env);
