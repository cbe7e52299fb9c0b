import { createClient } from '@libsql/client';
import { expect } from 'vitest';
import type { OnTarget } from './each-target';

/** Runs `use` on the target's own database (what only time, or an e-mail, would otherwise show). */
export async function onDatabase<T>(
  on: OnTarget,
  use: (db: ReturnType<typeof createClient>) => Promise<T>,
): Promise<T> {
  const db = createClient({ url: on.target.databaseUrl });
  try {
    return await use(db);
  } finally {
    db.close();
  }
}

const PASSWORD = 'target-person-password';

/** A new account on the target, signed in: its e-mail and its session cookie. */
export async function person(on: OnTarget, label: string): Promise<{ email: string; cookie: string }> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await on.call('/api/auth/register', {
    method: 'POST',
    body: { email, password: PASSWORD, firstName: 'Target', lastName: label },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return { email, cookie: `spotless_session=${registered.session}` };
}

/** A named administrator on the target (decision 030): an account given the role, then the admin login. */
export async function administrator(on: OnTarget): Promise<string> {
  const { email, cookie } = await person(on, 'admin');
  await onDatabase(on, (db) => db.execute({ sql: "update users set role = 'admin' where email = ?", args: [email] }));
  const login = await on.call('/api/admin/login', { method: 'POST', cookie, body: { password: PASSWORD } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return `${cookie}; spotless_admin_session=${login.adminSession}`;
}
