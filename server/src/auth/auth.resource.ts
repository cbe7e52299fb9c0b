import {
  type AccountActivity,
  type AuthProviders,
  type AuthUser,
  OnboardingUpdateInput,
  PasswordChangeInput,
  ProfileUpdateInput,
  type SessionState,
} from '@spotless/sdk/schemas';
import { actionTo, type Data, linkTo, type Operations, pageLink } from '../contract/hypermedia';
import { mayReview } from '../reviews/review-rules';
import type { ActivityData } from './users.queries';

type Action<K extends keyof AuthUser['actions']> = NonNullable<AuthUser['actions'][K]>;

/** The signed-in user with where they may go and what they may do to their account now. */
export function renderUser(ops: Operations, user: Data<AuthUser>): AuthUser {
  const isCleaner = user.cleanerId !== null;
  return {
    ...user,
    links: {
      self: linkTo(ops, 'getCurrentUser'),
      activity: linkTo(ops, 'getAccountActivity'),
      bookings: linkTo(ops, 'listBookings'),
      bookingStats: linkTo(ops, 'getBookingStats'),
      payments: linkTo(ops, 'listPayments'),
      favourites: linkTo(ops, 'listFavourites'),
      ...(isCleaner ? { cleanerProfile: linkTo(ops, 'getOwnCleanerProfile') } : {}),
      ...(isCleaner ? {} : { apply: pageLink('/apply-cleaner', 'Become a Cleaner') }),
      ...(user.roles.includes('partner') ? { partnerPortal: pageLink('/partner-portal', 'Partner Portal') } : {}),
      page: pageLink('/profile', 'Your profile'),
    },
    actions: {
      updateProfile: actionTo(ops, 'updateProfile', 'updateProfile', {
        title: 'Save Changes',
        body: ProfileUpdateInput,
        values: { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone },
      }) as Action<'updateProfile'>,
      ...(user.onboardingCompleted
        ? {}
        : {
            completeOnboarding: actionTo(ops, 'completeOnboarding', 'updateOnboarding', {
              title: 'Complete Setup',
              body: OnboardingUpdateInput,
              values: { step: user.onboardingStep },
            }) as Action<'completeOnboarding'>,
          }),
      ...(user.hasPassword
        ? {
            changePassword: actionTo(ops, 'changePassword', 'changePassword', {
              title: 'Change Password',
              body: PasswordChangeInput,
            }) as Action<'changePassword'>,
          }
        : {}),
      ...(user.emailVerified
        ? {}
        : {
            resendVerification: actionTo(ops, 'resendVerification', 'resendVerification', {
              title: 'Send a New Link',
            }) as Action<'resendVerification'>,
          }),
      logout: actionTo(ops, 'logout', 'logout', { title: 'Sign Out' }) as Action<'logout'>,
      deleteChatHistory: actionTo(ops, 'deleteChatHistory', 'deleteChatHistory', {
        title: 'Delete chat history',
        description: 'Deletes every conversation you have had with the Spotless assistant. This cannot be undone.',
      }) as Action<'deleteChatHistory'>,
    },
  };
}

export function renderActivity(ops: Operations, activity: ActivityData): AccountActivity {
  return {
    ...activity,
    recentBookings: activity.recentBookings.map((booking) => ({
      ...booking,
      links: {
        self: linkTo(ops, 'getBooking', { id: booking.id }),
        cleaner: linkTo(ops, 'getCleaner', { id: booking.cleanerId }),
        // The user's own recent bookings: they are its customer.
        ...(mayReview(booking, true) ? { review: pageLink(`/reviews?bookingId=${booking.id}`, 'Leave Review') } : {}),
      },
    })),
    links: { self: linkTo(ops, 'getAccountActivity'), bookings: linkTo(ops, 'listBookings') },
  };
}

export function renderProviders(ops: Operations, providers: Omit<AuthProviders, 'links'>): AuthProviders {
  return {
    ...providers,
    links: {
      self: linkTo(ops, 'getAuthProviders'),
      ...(providers.google ? { google: linkTo(ops, 'startOAuth', { provider: 'google' }, { title: 'Google' }) } : {}),
      ...(providers.github ? { github: linkTo(ops, 'startOAuth', { provider: 'github' }, { title: 'GitHub' }) } : {}),
    },
  };
}

/** Who is signed in, with links to the user and the administrator session when there are. */
export function renderSessionState(
  ops: Operations,
  state: { user: Data<AuthUser> | null; admin: boolean },
): SessionState {
  return {
    user: state.user ? renderUser(ops, state.user) : null,
    admin: state.admin,
    links: {
      self: linkTo(ops, 'getSession'),
      ...(state.user ? { user: linkTo(ops, 'getCurrentUser') } : {}),
      ...(state.admin ? { adminSession: linkTo(ops, 'getAdminSession') } : {}),
    },
  };
}
