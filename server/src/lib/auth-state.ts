import type { User } from '../db/schema';

export type SessionKind = 'user' | 'admin';

export interface Session {
  id: string;
  userId: number | null;
  kind: SessionKind;
  expiresAt: Date;
  createdAt: Date;
}

/** What the session middleware resolved for this request (`c.get('auth')`). */
export interface AuthState {
  user: User | null;
  session: Session | null;
  /** An admin session: opened with the admin password, by a named administrator in production (decision 030). */
  adminSession: Session | null;
}
