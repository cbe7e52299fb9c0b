import { eq } from 'drizzle-orm';
import { reviews } from '../../db/schema';
import { all, onlyCustomerA, publicGet, type Row, usersOnly } from './row';

/** The public reads and writes, and the assistant chat's: rows of the access matrix. */
export const PUBLIC_ROWS: Record<string, Row> = {
  // ── Public reads ──
  getApiRoot: publicGet(() => '/api'),
  getHealth: publicGet(() => '/api/health'),
  getReadiness: publicGet(() => '/api/ready'),
  listServices: publicGet(() => '/api/services'),
  getPayoutTerms: publicGet(() => '/api/payout-terms'),
  getService: publicGet(() => '/api/services/1'),
  searchCleaners: publicGet(() => '/api/cleaners'),
  getCleaner: publicGet((f) => `/api/cleaners/${f.cleanerId}`),
  listReviews: publicGet((f) => `/api/reviews?cleanerId=${f.cleanerId}`),
  listCleanerReviews: publicGet((f) => `/api/reviews/${f.cleanerId}`),
  getReviewSummary: publicGet((f) => `/api/reviews/${f.cleanerId}/summary`),
  getReview: {
    request: async (f) => {
      const [review] = await f.ctx.database.db
        .select({ id: reviews.id, cleanerId: reviews.cleanerId })
        .from(reviews)
        .where(eq(reviews.status, 'published'))
        .limit(1);
      return { path: `/api/reviews/${review?.cleanerId}/${review?.id}` };
    },
    expect: all(200),
  },
  getPlatformReviewSummary: publicGet(() => '/api/reviews/summary'),
  getReviewPhoto: publicGet((f) => f.reviews.photoPath),
  getAuthProviders: publicGet(() => '/api/auth/providers'),

  // ── Public writes ──
  sendContactMessage: {
    request: () => ({
      path: '/api/contact',
      body: {
        firstName: 'Pat',
        lastName: 'Lee',
        email: 'pat@example.com',
        subject: 'Hi',
        message: 'A question about booking.',
      },
    }),
    expect: all(201),
  },

  // ── The assistant chat: a person's conversation is theirs alone (404 to anyone else) ──
  createChatSession: { request: () => ({ path: '/api/chat/session' }), expect: all(201) },
  getChatSuggestions: publicGet(() => '/api/chat/suggestions'),
  getChatSession: {
    request: async (f) => ({ path: `/api/chat/${await f.chatOfCustomerA()}` }),
    expect: onlyCustomerA(200),
  },
  sendChatMessage: {
    request: async (f) => ({ path: `/api/chat/${await f.chatOfCustomerA()}/message`, body: { message: 'hello' } }),
    expect: onlyCustomerA(200),
  },
  deleteChatSession: {
    request: async (f) => ({ path: `/api/chat/${await f.chatOfCustomerA()}` }),
    expect: onlyCustomerA(204),
  },
  deleteChatHistory: { request: () => ({ path: '/api/chat/history' }), expect: usersOnly(200) },
};
