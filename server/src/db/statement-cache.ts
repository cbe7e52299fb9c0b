import Database from 'libsql';

/** How many statements each connection keeps prepared; the least recently used goes first. */
export const STATEMENTS_PER_CONNECTION = 500;

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

type Statement = ReturnType<Database.Database['prepare']>;
type Cache = { generation: number; statements: Map<string, Statement> };

/** Bumped by any schema change in this process: every connection's prepared statements go. */
let generation = 0;
const caches = new WeakMap<Database.Database, Cache>();
let installed = false;

/**
 * libSQL's in-process statements, prepared once per connection (decision 063). `@libsql/client`
 * prepares every statement anew on each `execute` and asks the new statement for its column list
 * twice: measured, that was a quarter to a third of the Node server's CPU on the reads a page
 * waits on (decision 063). Here a connection keeps its last 500 statements, each with its column list
 * read once. A statement runs to its end before the client returns (`all` or `run`), so one
 * prepared statement is never in two executions at once.
 *
 * A schema change (`CREATE`, `ALTER`, `DROP`, or anything through `exec`) drops every
 * connection's statements, so a column list is never out of date after a migration in this
 * process. Node only: the Workers build talks to a libSQL server over HTTP.
 */
export function cacheStatements(): void {
  if (installed) return;
  installed = true;
  const prepare = Database.prototype.prepare;
  const exec = Database.prototype.exec;
  Database.prototype.exec = function (this: Database.Database, source: string) {
    generation++;
    return exec.call(this, source);
  };
  Database.prototype.prepare = function (this: Database.Database, source: string) {
    if (SCHEMA_CHANGE.test(source)) {
      generation++;
      return prepare.call(this, source);
    }
    let cache = caches.get(this);
    if (cache === undefined || cache.generation !== generation) {
      cache = { generation, statements: new Map() };
      caches.set(this, cache);
    }
    const kept = cache.statements.get(source);
    if (kept !== undefined) {
      // Most recently used last, so the oldest is the first key.
      cache.statements.delete(source);
      cache.statements.set(source, kept);
      return kept;
    }
    const statement = prepare.call(this, source);
    const columns = statement.columns();
    statement.columns = () => columns;
    cache.statements.set(source, statement);
    if (cache.statements.size > STATEMENTS_PER_CONNECTION) {
      cache.statements.delete(cache.statements.keys().next().value as string);
    }
    return statement;
  } as Database.Database['prepare'];
}
