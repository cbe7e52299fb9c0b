import { parseConfig } from '../config';
import { MIGRATIONS_FOLDER } from '../paths';
import { migrateDatabase } from './migrate';
import { openDatabase } from './open';

/** `npm run db:migrate -w server`: applies the committed migrations to the configured database. */
const config = parseConfig(process.env);
const database = await openDatabase(config.database.url, config.database.authToken);
await migrateDatabase(database, MIGRATIONS_FOLDER);
database.close();
console.log(`Migrations applied to ${config.database.url.replace(/\/\/[^@]*@/, '//')}`);
