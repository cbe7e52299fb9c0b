import type { Queryable } from './client';

/**
 * A read Drizzle builds once per database object, not on every request (decision 052): the
 * query builder and its SQL text cost about 0.35 ms a call, several times the indexed SELECT
 * itself. `build` receives the database or transaction the caller passes and returns the prepared
 * query (`….prepare()`, with `sql.placeholder` for what varies); a transaction gets its own.
 */
export function preparedPer<Q>(build: (db: Queryable) => Q): (db: Queryable) => Q {
  const prepared = new WeakMap<Queryable, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = build(db);
      prepared.set(db, query);
    }
    return query;
  };
}
