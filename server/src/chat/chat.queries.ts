import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { chatMessages, chatSessions, type Utm } from '../db/schema';

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export async function findChatSession(db: Queryable, id: string): Promise<ChatSessionRow | undefined> {
  return db.select().from(chatSessions).where(eq(chatSessions.id, id)).get();
}

/** A conversation's messages, oldest first; `last` keeps only the most recent ones. */
export async function chatMessagesOf(db: Queryable, sessionId: string, last?: number): Promise<ChatMessageRow[]> {
  if (last === undefined) {
    return db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(asc(chatMessages.id));
  }
  const recent = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(desc(chatMessages.id))
    .limit(last);
  return recent.reverse();
}

export async function insertChatSession(
  db: Queryable,
  values: { id: string; userId: number | null; partnerId: number | null; utm: Utm | null; createdAt: Date },
): Promise<void> {
  await db.insert(chatSessions).values({ ...values, lastMessageAt: values.createdAt });
}

export async function insertChatMessage(
  db: Queryable,
  values: { sessionId: string; role: 'user' | 'assistant'; content: string; attachments?: unknown; createdAt: Date },
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('chat message insert returned no row');
  return row;
}

/**
 * Counts one turn and its tokens, and when it happened, for `owner`: a signed-in person's turn
 * claims a conversation that is nobody's, and any turn counts only while the conversation is still
 * nobody's or already the owner's. False, with nothing changed, when someone else claimed it first.
 */
export async function recordChatTurn(
  db: Queryable,
  id: string,
  turn: { owner: number | null; tokens: number; at: Date },
): Promise<boolean> {
  const open =
    turn.owner === null
      ? isNull(chatSessions.userId)
      : or(isNull(chatSessions.userId), eq(chatSessions.userId, turn.owner));
  const counted = await db
    .update(chatSessions)
    .set({
      userId: turn.owner,
      turns: sql`${chatSessions.turns} + 1`,
      tokens: sql`${chatSessions.tokens} + ${turn.tokens}`,
      lastMessageAt: turn.at,
    })
    .where(and(eq(chatSessions.id, id), open))
    .returning({ id: chatSessions.id });
  return counted.length === 1;
}

export async function deleteChatSessionRow(db: Queryable, id: string): Promise<void> {
  await db.delete(chatSessions).where(eq(chatSessions.id, id));
}

export async function deleteChatSessionsOf(db: Queryable, userId: number): Promise<number> {
  const gone = await db.delete(chatSessions).where(eq(chatSessions.userId, userId)).returning({ id: chatSessions.id });
  return gone.length;
}

/** Deletes conversations whose last message is older than their retention; answers how many. */
export async function purgeChatSessions(
  db: Queryable,
  cutoffs: { anonymousBefore: Date; signedInBefore: Date },
): Promise<number> {
  const last = sql`coalesce(${chatSessions.lastMessageAt}, ${chatSessions.createdAt})`;
  const anonymous = await db
    .delete(chatSessions)
    .where(and(isNull(chatSessions.userId), lt(last, cutoffs.anonymousBefore.getTime())))
    .returning({ id: chatSessions.id });
  const signedIn = await db
    .delete(chatSessions)
    .where(and(isNotNull(chatSessions.userId), lt(last, cutoffs.signedInBefore.getTime())))
    .returning({ id: chatSessions.id });
  return anonymous.length + signedIn.length;
}
