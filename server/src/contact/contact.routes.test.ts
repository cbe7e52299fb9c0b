import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, notifications } from '../db/schema';
import { createTestContext } from '../test/harness';
import { SUPPORT_INBOX } from './contact.service';

const ctx = await createTestContext();
const valid = {
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  subject: 'Question about insurance',
  message: 'Are your cleaners insured for breakages?',
};

describe('POST /api/contact', () => {
  it('stores the message and queues it for support in one write', async () => {
    const res = await ctx.json<{ id: number; receivedAt: string }>('/api/contact', { method: 'POST', body: valid });
    expect(res.status).toBe(201);
    expect(res.body.receivedAt).toBe('2026-06-15T12:00:00.000Z');
    const [stored] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.id));
    expect(stored).toMatchObject({ ...valid, status: 'new' });
    const queued = await ctx.database.db.select().from(notifications).where(eq(notifications.type, 'contact_message'));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      recipientEmail: SUPPORT_INBOX,
      status: 'pending',
      subject: `[Contact] ${valid.subject}`,
    });
    expect(queued[0]?.body).toContain(valid.message);
  });

  it('names each bad field and writes nothing', async () => {
    const before = await ctx.database.db.select().from(contactMessages);
    const res = await ctx.json('/api/contact', {
      method: 'POST',
      body: { ...valid, email: 'not-an-email', message: 'short', lastName: undefined },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        code: 'validation_failed',
        fields: {
          email: 'Please enter a valid email address',
          message: 'Message must be at least 10 characters',
          lastName: 'Required',
        },
      },
    });
    expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });
});
