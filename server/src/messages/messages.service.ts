import type { MessageInput, MessageReportInput } from '@spotless/sdk/schemas';
import { recordAudit } from '../audit/audit-log';
import { relationTo } from '../bookings/booking-access.service';
import {
  type Actor,
  forbidden,
  requirePerson,
  requirePersonOrAdmin,
  requirePersonWriting,
  userIdOf,
} from '../contract/actor';
import { AppError, notFound } from '../contract/errors';
import type { Tx } from '../db/client';
import type { Deps } from '../deps';
import { messageNoticeEmail } from '../notifications/message-emails';
import { enqueueBatchedNotification, withdrawNotifications } from '../notifications/outbox';
import { siteOf } from '../notifications/site';
import { maskContactDetails, paidFor } from './masking';
import {
  countFrom,
  countSince,
  findMessage,
  findThreadBooking,
  insertMessage,
  insertReport,
  lastReadOf,
  listThread,
  newestMessageId,
  type Party,
  saveRead,
  type ThreadBooking,
  unreadByThread,
} from './messages.queries';

/**
 * Messages on a booking (decision 087): one thread a booking between its customer and its cleaner.
 * Both read and write it; administrators read it (for disputes) and do not write; anyone else is
 * told it does not exist (404). The assistant reads what its person reads and writes nothing.
 */

type MessageDeps = Pick<Deps, 'database' | 'clock' | 'config' | 'requestUrl'>;

/** One notice e-mail per thread per recipient per window, sent when the window ends. */
export const NOTICE_WINDOW_MS = 15 * 60_000;

/** Who the caller is to a thread: one of its two parties, or an administrator reading it. */
export type ThreadRole = Party | 'admin';

export interface ThreadMessageView {
  id: number;
  bookingId: number;
  from: Party;
  senderName: string;
  mine: boolean;
  body: string;
  masked: boolean;
  unread: boolean;
  reported: boolean;
  createdAt: Date;
  mayReport: boolean;
}

export interface ThreadView {
  bookingId: number;
  role: ThreadRole;
  items: ThreadMessageView[];
  unreadCount: number;
  contactDetailsHidden: boolean;
  mayPost: boolean;
  mayMarkRead: boolean;
}

const threadNotFound = () => notFound('Booking');
const other = (party: Party): Party => (party === 'customer' ? 'cleaner' : 'customer');

/** The booking and who the caller is to its thread; 404 for anyone who is neither party nor administrator. */
async function threadFor(deps: MessageDeps, actor: Actor, bookingId: number) {
  const booking = await findThreadBooking(deps.database.db, bookingId);
  const relation = booking ? relationTo(booking, booking.cleanerUserId, actor) : null;
  if (!booking || relation === null || relation === 'guest') throw threadNotFound();
  return { booking, role: relation as ThreadRole };
}

/** A party's own writes: never the assistant, a guest token or an administrator session (403). */
async function partyFor(deps: MessageDeps, actor: Actor, bookingId: number) {
  requirePersonWriting(actor);
  const found = await threadFor(deps, actor, bookingId);
  if (actor.kind === 'admin' || found.role === 'admin') {
    throw forbidden('Forbidden: administrators read a booking’s messages; only its customer and its cleaner write');
  }
  const userId = userIdOf(actor);
  if (userId === null) throw threadNotFound();
  return { ...found, role: found.role as Party, userId };
}

/** The thread as the caller sees it: contact details masked until the booking is paid. */
export async function getThread(deps: MessageDeps, actor: Actor, bookingId: number): Promise<ThreadView> {
  requirePersonOrAdmin(actor);
  const { booking, role } = await threadFor(deps, actor, bookingId);
  return view(deps, actor, booking, role);
}

async function view(deps: MessageDeps, actor: Actor, booking: ThreadBooking, role: ThreadRole): Promise<ThreadView> {
  const db = deps.database.db;
  const userId = role === 'admin' ? null : userIdOf(actor);
  const [rows, lastRead] = await Promise.all([
    listThread(db, booking.id, userId),
    userId === null ? Promise.resolve(0) : lastReadOf(db, booking.id, userId),
  ]);
  const party = role === 'admin' ? null : role;
  const hidden = !paidFor(booking.paymentStatus);
  const writes = actor.kind !== 'assistant' && actor.kind !== 'admin' && party !== null;
  const items = rows.map((row): ThreadMessageView => {
    const shown = hidden ? maskContactDetails(row.body) : { text: row.body, masked: false };
    const mine = party !== null && row.senderRole === party;
    const fromOther = party !== null && !mine;
    return {
      id: row.id,
      bookingId: booking.id,
      from: row.senderRole,
      senderName: row.senderFirstName?.trim() || (row.senderRole === 'cleaner' ? 'Your cleaner' : 'The customer'),
      mine,
      body: shown.text,
      masked: shown.masked,
      unread: fromOther && row.id > lastRead,
      reported: row.reportId !== null,
      createdAt: row.createdAt,
      mayReport: writes && fromOther && row.reportId === null,
    };
  });
  const unreadCount = party === null ? 0 : await countFrom(db, booking.id, other(party), lastRead);
  return {
    bookingId: booking.id,
    role,
    items,
    unreadCount,
    contactDetailsHidden: hidden,
    mayPost: writes,
    mayMarkRead: writes && unreadCount > 0,
  };
}

/**
 * Posts a message as one of the two parties. `countAttempt` counts it against the writer's limit
 * (429 past it), once the caller is known to be allowed. The other party is told by e-mail, one
 * notice per thread per 15 minutes saying how many; the writer's own read mark moves to it.
 */
export async function postMessage(
  deps: MessageDeps,
  actor: Actor,
  bookingId: number,
  input: MessageInput,
  countAttempt: () => Promise<void>,
): Promise<ThreadView> {
  const { booking, role, userId } = await partyFor(deps, actor, bookingId);
  const body = input.body.trim();
  await countAttempt();
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const id = await insertMessage(tx, { bookingId, senderUserId: userId, senderRole: role, body, createdAt: now });
    await saveRead(tx, bookingId, userId, id, now);
    await queueNotice(deps, tx, booking, role, now);
  });
  return view(deps, actor, booking, role);
}

/** The notice to the other party for this window, queued or brought up to date with the window's count. */
async function queueNotice(deps: MessageDeps, tx: Tx, booking: ThreadBooking, from: Party, now: Date) {
  const to = other(from);
  const recipient =
    to === 'customer'
      ? { userId: booking.customerId, email: booking.customerEmail, firstName: booking.customerFirstName }
      : { userId: booking.cleanerUserId, email: booking.cleanerEmail, firstName: booking.cleanerFirstName };
  // A guest booking's customer has no account yet: the thread is theirs once their link joins it to one.
  if (recipient.userId === null || !recipient.email) return;
  const windowStart = Math.floor(now.getTime() / NOTICE_WINDOW_MS) * NOTICE_WINDOW_MS;
  const count = await countSince(tx, booking.id, from, new Date(windowStart));
  const fromName =
    (from === 'customer' ? booking.customerFirstName : booking.cleanerFirstName)?.trim() ||
    (from === 'customer' ? 'Your customer' : 'Your cleaner');
  const email = messageNoticeEmail(siteOf(deps), {
    bookingId: booking.id,
    serviceName: booking.serviceName,
    startsAt: booking.startsAt,
    timeZone: booking.timeZone,
    firstName: recipient.firstName,
    fromName,
    count,
    page: to === 'customer' ? '/dashboard' : '/cleaner-dashboard',
    contactDetailsHidden: !paidFor(booking.paymentStatus),
  });
  await enqueueBatchedNotification(tx, now, new Date(windowStart + NOTICE_WINDOW_MS), {
    type: 'booking_messages',
    recipientEmail: recipient.email,
    recipientUserId: recipient.userId,
    ...email,
    payload: { bookingId: booking.id, count },
    dedupeKey: `${noticeKeyPrefix(booking.id, recipient.userId)}${windowStart}`,
  });
}

const noticeKeyPrefix = (bookingId: number, userId: number) => `booking_messages:${bookingId}:${userId}:`;

/**
 * Marks the thread read up to its newest message for the calling party; a notice of it still
 * waiting in the outbox is withdrawn (they have read what it would tell them).
 */
export async function markRead(deps: MessageDeps, actor: Actor, bookingId: number): Promise<ThreadView> {
  const { booking, role, userId } = await partyFor(deps, actor, bookingId);
  const now = deps.clock.now();
  await deps.database.write(async (tx) => {
    const newest = await newestMessageId(tx, bookingId);
    if (newest > 0) await saveRead(tx, bookingId, userId, newest, now);
    await withdrawNotifications(tx, noticeKeyPrefix(bookingId, userId));
  });
  return view(deps, actor, booking, role);
}

/**
 * Reports the other party's message to administrators: recorded and audited, once per person per
 * message (409 `already_reported`). Their own message, or one of another thread, is 404.
 */
export async function reportMessage(
  deps: MessageDeps,
  actor: Actor,
  bookingId: number,
  messageId: number,
  input: MessageReportInput,
): Promise<ThreadView> {
  const { booking, role, userId } = await partyFor(deps, actor, bookingId);
  const message = await findMessage(deps.database.db, bookingId, messageId);
  if (!message || message.senderRole === role) throw notFound('Message');
  const now = deps.clock.now();
  const reason = input.reason?.trim() ?? '';
  await deps.database.write(async (tx) => {
    const recorded = await insertReport(tx, { messageId, reporterUserId: userId, reason, createdAt: now });
    if (!recorded) throw new AppError(409, 'already_reported', 'You have already reported this message');
    await recordAudit(tx, {
      createdAt: now,
      actorUserId: userId,
      actorRole: role,
      action: 'booking_message.reported',
      entityType: 'booking_message',
      entityId: String(messageId),
      details: { bookingId, reason },
    });
  });
  return view(deps, actor, booking, role);
}

export interface UnreadSummary {
  unreadCount: number;
  threads: Array<{ bookingId: number; unreadCount: number }>;
}

/** The caller's unread messages across their bookings, by thread (a person's: 401 signed out). */
export async function unreadMessages(deps: MessageDeps, actor: Actor): Promise<UnreadSummary> {
  const person = requirePerson(actor);
  const threads = (await unreadByThread(deps.database.db, person.userId)).map((t) => ({
    bookingId: t.bookingId,
    unreadCount: Number(t.unreadCount),
  }));
  return { unreadCount: threads.reduce((sum, t) => sum + t.unreadCount, 0), threads };
}
