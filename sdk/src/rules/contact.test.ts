import { describe, expect, it } from 'vitest';
import { ContactMessageInput } from '../schemas/contact';
import { contactProblems } from './contact';

const EMPTY = { firstName: '', lastName: '', email: '', subject: '', message: '' };

describe('contactProblems', () => {
  it('names every missing field with the server’s own words', () => {
    const problems = contactProblems(EMPTY);
    const server = ContactMessageInput.safeParse(EMPTY);
    expect(server.success).toBe(false);
    const serverFields = Object.fromEntries(
      (server.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(problems).toEqual(serverFields);
  });

  it('passes a complete form', () => {
    expect(
      contactProblems({
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.com',
        subject: 'Keys',
        message: 'Where do I leave the keys?',
      }),
    ).toEqual({});
  });
});
