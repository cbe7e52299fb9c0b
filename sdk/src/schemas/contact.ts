import { z } from 'zod';

export const ContactMessageInput = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(100),
    lastName: z.string().trim().min(1, 'Last name is required').max(100),
    email: z.email('Please enter a valid email address').max(254),
    subject: z.string().trim().min(1, 'Subject is required').max(200),
    message: z.string().trim().min(10, 'Message must be at least 10 characters').max(5000),
  })
  .meta({ id: 'ContactMessageInput' });
export type ContactMessageInput = z.infer<typeof ContactMessageInput>;

export const ContactMessageCreated = z.object({ id: z.number().int(), receivedAt: z.string() });
export type ContactMessageCreated = z.infer<typeof ContactMessageCreated>;
