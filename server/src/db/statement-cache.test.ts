import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open';
import { cacheStatements, STATEMENTS_PER_CONNECTION } from './statement-cache';

/**
 * A file's statements are prepared once per connection (decision 063): the same SQL gives the
 * same prepared statement, which runs again with new arguments, after a failure and after a
 * half-read; a schema change anywhere in the process drops them all.
 */

const dir = mkdtempSync(join(tmpdir(), 'spotless-statements-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
cacheStatements();

describe('prepared statements kept per connection', () => {
  it('hands back the same statement for the same SQL, and it runs again with new arguments', () => {
    const db = new Database(':memory:');
    db.exec('create table t (id integer primary key, name text unique)');
    const insert = db.prepare('insert into t (name) values (?)');
    expect(db.prepare('insert into t (name) values (?)')).toBe(insert);
    for (const name of ['a', 'b', 'c']) insert.run([name]);
    expect(() => insert.run(['a'])).toThrow(/UNIQUE/);
    insert.run(['d']);
    const select = db.prepare('select id, name from t where id > ? order by id');
    select.iterate([0]).next();
    expect(db.prepare('select id, name from t where id > ? order by id').all([2])).toEqual([
      { id: 3, name: 'c' },
      { id: 4, name: 'd' },
    ]);
    // Another connection keeps its own.
    const other = new Database(':memory:');
    other.exec('create table t (id integer primary key, name text unique)');
    expect(other.prepare('insert into t (name) values (?)')).not.toBe(insert);
    db.close();
    other.close();
  });

  it('keeps the most recently used statements, up to the limit', () => {
    const db = new Database(':memory:');
    const kept = db.prepare('select 0');
    const dropped = db.prepare('select 1');
    for (let i = 2; i <= STATEMENTS_PER_CONNECTION; i++) {
      if (i === 250) db.prepare('select 0');
      db.prepare(`select ${i}`);
    }
    // One more than the limit was asked for: the least recently used one went.
    expect(db.prepare('select 0')).toBe(kept);
    expect(db.prepare('select 1')).not.toBe(dropped);
    db.close();
  });

  it('never reuses a statement prepared before a schema change', async () => {
    const database = await openDatabase(`file:${join(dir, 'schema.db')}`);
    await database.client.execute('create table notes (id integer primary key, body text)');
    await database.client.execute("insert into notes (body) values ('first')");
    expect((await database.client.execute('select * from notes')).columns).toEqual(['id', 'body']);
    await database.client.execute('alter table notes add column pinned integer not null default 0');
    const after = await database.client.execute('select * from notes');
    expect(after.columns).toEqual(['id', 'body', 'pinned']);
    expect(after.rows[0]).toMatchObject({ id: 1, body: 'first', pinned: 0 });
    database.close();
  });
});
