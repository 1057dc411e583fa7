/**
 * `npm run secrets -- --rotate`: reseals every payment secret, callback
 * signing secret and location host's bank details under the current key — the first of SECRETS_KEY — opening
 * each with the key that
 * sealed it (the older keys follow the current one in SECRETS_KEY). In the
 * upstream's database (DATABASE_URL, by default the demo's ./.data/upstream,
 * whose demo key file is used when SECRETS_KEY is not set; stop the upstream
 * first when it is PGlite on disk). Once it reports 0 left, the old keys can
 * leave SECRETS_KEY.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/index.js';
import { rotateSecrets, startupKeys } from '../server/payment/index.js';
import { rotateCallbackKeys } from '../server/callback/index.js';
import { rotateHostBanks } from '../server/share/index.js';

const { values } = parseArgs({ options: { rotate: { type: 'boolean' } } });
if (!values.rotate) {
  console.error('usage: SECRETS_KEY=<new>,<old>… npm run secrets -- --rotate');
  process.exit(1);
}
const url = process.env.DATABASE_URL || './.data/upstream';
const keys = await startupKeys(process.env, url, (line) => console.warn(line));
if (!keys) process.exit(1);
const database = await openDatabase(url);
try {
  const resealed =
    (await rotateSecrets(database.db, keys)) +
    (await rotateCallbackKeys(database.db, keys)) +
    (await rotateHostBanks(database.db, keys));
  console.log(`secrets: ${resealed} resealed under key ${keys[0]!.id}; 0 left under older keys`);
} finally {
  await database.close();
}
