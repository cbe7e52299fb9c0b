import { parseConfig } from './config';
import { openDatabase } from './db/open';
import { migrateWithLedger } from './ledger/ledger-migration';
import { MIGRATIONS_FOLDER } from './paths';

/** `npm run db:migrate -w server`: applies the committed migrations (and the ledger's) to the configured database. */
const config = parseConfig(process.env);
const database = await openDatabase(config.database.url, config.database.authToken);
await migrateWithLedger(database, MIGRATIONS_FOLDER);
database.close();
console.log(`Migrations applied to ${config.database.url.replace(/\/\/[^@]*@/, '//')}`);
