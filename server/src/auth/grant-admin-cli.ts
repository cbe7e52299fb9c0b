import { parseConfig } from '../config';
import { systemActor } from '../contract/actor';
import { AppError } from '../contract/errors';
import { openDatabase } from '../db/open';
import { systemClock } from '../deps';
import { setAdministratorRole } from './accounts.service';

/**
 * `npm run admin:grant -w server -- person@example.com [--revoke]`: makes an existing account a
 * named administrator (decision 030), or takes the role away, against the configured database.
 */
const [email, flag] = process.argv.slice(2);
if (!email || (flag !== undefined && flag !== '--revoke')) {
  console.error('Usage: npm run admin:grant -w server -- person@example.com [--revoke]');
  process.exit(1);
}
const config = parseConfig(process.env);
const database = await openDatabase(config.database.url, config.database.authToken);
const admin = flag !== '--revoke';
try {
  await setAdministratorRole({ database, clock: systemClock }, systemActor('command line'), { email, admin });
  console.log(`${email} is ${admin ? 'now a named administrator' : 'no longer an administrator'}.`);
} catch (error) {
  if (!(error instanceof AppError && error.status === 404)) throw error;
  console.error(`No account uses ${email}: the person signs up first.`);
  process.exitCode = 1;
} finally {
  database.close();
}
