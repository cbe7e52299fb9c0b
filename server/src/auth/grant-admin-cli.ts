import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { parseConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { findUserByEmail } from './users.queries';

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
const user = await findUserByEmail(database.db, email);
if (!user) {
  console.error(`No account uses ${email}: the person signs up first.`);
  database.close();
  process.exit(1);
}
const role = flag === '--revoke' ? 'customer' : 'admin';
await database.write(async (tx) => {
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
  await recordAudit(tx, {
    actorRole: 'system',
    action: role === 'admin' ? 'admin.granted' : 'admin.revoked',
    entityType: 'user',
    entityId: String(user.id),
    details: { via: 'command line' },
    createdAt: new Date(),
  });
});
database.close();
console.log(`${email} is ${role === 'admin' ? 'now a named administrator' : 'no longer an administrator'}.`);
