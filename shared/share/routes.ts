/**
 * Revenue-share screens: beyond spec §2's route list (docs/departures.md).
 * A menu group of their own after the device pool, for the admin and the
 * tenants, and for members by their own code, 9-1: the statements by month
 * (one statement's page hidden beneath them), the location hosts and the
 * share rules.
 */
import { codes, detail, group, view } from '../routes/define.js';

export const shareRoutes = [
  group(105, '/shares', { title: 'share.route.shares', icon: 'share' }, [
    view('statements', 'ShareStatements', 'share.route.statements', codes('9-1')),
    detail('statement', 'ShareStatement', 'share.route.statement', '/shares/statements', codes('9-1')),
    view('hosts', 'ShareHosts', 'share.route.hosts', codes('9-1')),
    view('rules', 'ShareRules', 'share.route.rules', codes('9-1')),
  ]),
];
