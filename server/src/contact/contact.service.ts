import type { ContactMessageInput } from '@spotless/sdk/schemas';
import { type Actor, personOf, requirePublicWriting } from '../contract/actor';
import { contactMessages } from '../db/schema';
import type { Deps } from '../deps';
import { enqueueNotification } from '../notifications/outbox';

/** Where contact-form messages are delivered (through the outbox). */
export const SUPPORT_INBOX = 'support@spotless.example';

/**
 * Stores a contact-form message and queues it for support, in one transaction. Anyone may write;
 * a signed-in sender's account is recorded with it. The assistant sends nothing on its own.
 */
export async function sendContactMessage(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  input: ContactMessageInput,
): Promise<{ id: number; receivedAt: Date }> {
  requirePublicWriting(actor);
  const sender = { userId: personOf(actor)?.userId ?? null };
  const now = deps.clock.now();
  const row = await deps.database.write(async (tx) => {
    const [created] = await tx
      .insert(contactMessages)
      .values({ ...input, userId: sender.userId, createdAt: now })
      .returning({ id: contactMessages.id });
    if (!created) throw new Error('contact message insert returned no row');
    await enqueueNotification(tx, now, {
      type: 'contact_message',
      recipientEmail: SUPPORT_INBOX,
      subject: `[Contact] ${input.subject}`,
      body: `From ${input.firstName} ${input.lastName} <${input.email}>\n\n${input.message}`,
      payload: { contactMessageId: created.id, replyTo: input.email },
    });
    return created;
  });
  return { id: row.id, receivedAt: now };
}
