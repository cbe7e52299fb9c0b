import { z } from 'zod';
import { actionOf, linkTo, PageLink } from './hypermedia';

/** What a person may do: every user is a customer; `cleaner` with an active cleaner profile. */
/** `partner`: one of a partner's people (a member of it: its portal, decision 081). */
export const UserRole = z.enum(['customer', 'cleaner', 'admin', 'partner']).meta({ id: 'UserRole' });
export type UserRole = z.infer<typeof UserRole>;

export const OnboardingUserType = z.enum(['customer', 'cleaner', 'both']);
export const OnboardingServiceType = z.enum(['residential', 'deep', 'commercial', 'moveout']);
export const OnboardingFrequency = z.enum(['weekly', 'biweekly', 'monthly', 'quarterly', 'onetime']);

/** The onboarding preferences, with their defaults filled in (docs/product/accounts.md). */
export const OnboardingPreferences = z
  .object({
    userType: OnboardingUserType.optional(),
    serviceTypes: z.array(OnboardingServiceType).max(4).default([]),
    location: z.object({ address: z.string().trim().max(500).default('') }).default({ address: '' }),
    frequency: OnboardingFrequency.optional(),
    budget: z
      .object({
        min: z.number().int('must be a whole number').min(0).max(100_000).default(50),
        max: z.number().int('must be a whole number').min(0).max(100_000).default(200),
      })
      .default({ min: 50, max: 200 }),
    specialRequests: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
    notifications: z
      .object({
        email: z.boolean().default(true),
        sms: z.boolean().default(false),
        push: z.boolean().default(true),
      })
      .default({ email: true, sms: false, push: true }),
  })
  .meta({ id: 'OnboardingPreferences' });
export type OnboardingPreferences = z.infer<typeof OnboardingPreferences>;
export type OnboardingPreferencesInput = z.input<typeof OnboardingPreferences>;

/** The user (docs/product/accounts.md), plus what the server knows about roles. */
export const AuthUser = z
  .object({
    id: z.number().int(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    createdAt: z.string(),
    onboardingCompleted: z.boolean(),
    onboardingStep: z.number().int(),
    onboardingPreferences: OnboardingPreferences.nullable(),
    roles: z.array(UserRole),
    /** The user's cleaner profile id when it is approved and active; otherwise null. */
    cleanerId: z.number().int().nullable(),
    /** Whether the owner of `email` proved it (a link sent there, or Google/GitHub's word). */
    emailVerified: z.boolean(),
    /** Whether the account has a password (an account made with Google or GitHub may not). */
    hasPassword: z.boolean(),
    /** Whether an administrator's second factor (an authenticator app) is on. */
    totpEnabled: z.boolean(),
    links: z
      .object({
        self: linkTo('getCurrentUser'),
        activity: linkTo('getAccountActivity'),
        bookings: linkTo('listBookings'),
        bookingStats: linkTo('getBookingStats'),
        payments: linkTo('listPayments'),
        favourites: linkTo('listFavourites'),
        cleanerProfile: linkTo('getOwnCleanerProfile').optional(),
        apply: PageLink.optional().meta({ description: 'apply as a cleaner (not yet a cleaner)' }),
        partnerPortal: PageLink.optional().meta({ description: 'the portal of the partner(s) this person belongs to' }),
        page: PageLink,
      })
      .meta({ id: 'AuthUserLinks' }),
    actions: z
      .object({
        updateProfile: actionOf('updateProfile', 'PATCH', 'updateProfile'),
        completeOnboarding: actionOf('completeOnboarding', 'POST', 'updateOnboarding').optional(),
        changePassword: actionOf('changePassword', 'POST', 'changePassword').optional(),
        resendVerification: actionOf('resendVerification', 'POST', 'resendVerification').optional(),
        logout: actionOf('logout', 'POST', 'logout'),
        deleteChatHistory: actionOf('deleteChatHistory', 'DELETE', 'deleteChatHistory').meta({
          description: 'delete every conversation the person has had with the assistant',
        }),
      })
      .meta({ id: 'AuthUserActions' }),
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof AuthUser>;

const Email = z.email('Please enter a valid email address').max(254);
const Name = (label: string) => z.string().trim().min(1, `${label} is required`).max(100);

export const LoginInput = z
  .object({
    email: Email,
    password: z.string().min(1, 'Password is required').max(1024),
  })
  .meta({ id: 'LoginInput' });
export type LoginInput = z.infer<typeof LoginInput>;

export const RegisterInput = z
  .object({
    email: Email,
    password: z.string().min(8, 'Password must be at least 8 characters').max(128),
    firstName: Name('First name'),
    lastName: Name('Last name'),
  })
  .meta({ id: 'RegisterInput' });
export type RegisterInput = z.infer<typeof RegisterInput>;

export const ProfileUpdateInput = z
  .object({
    firstName: Name('First name').optional(),
    lastName: Name('Last name').optional(),
    email: Email.optional(),
    /** Required to change `email` on an account with a password. */
    currentPassword: z.string().max(1024).optional(),
    /** Empty clears the phone number. */
    phone: z
      .string()
      .trim()
      .max(30)
      .regex(/^$|^\+?[0-9 ().-]{7,25}$/, 'Please enter a valid phone number')
      .nullable()
      .optional(),
  })
  .meta({ id: 'ProfileUpdateInput' });
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

export const OnboardingUpdateInput = z
  .object({
    step: z.number().int('must be a whole number').min(0).max(5),
    completed: z.boolean(),
    preferences: OnboardingPreferences.optional(),
  })
  .meta({ id: 'OnboardingUpdateInput' });
export type OnboardingUpdateInput = z.input<typeof OnboardingUpdateInput>;

export const ProfileRecentBooking = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'confirmed', 'in_progress', 'completed', 'cancelled']),
    scheduledAt: z.string(),
    totalAmount: z.number(),
    serviceName: z.string(),
    cleanerName: z.string(),
    cleanerId: z.number().int(),
    hasReview: z.boolean(),
    scheduledDate: z.string().meta({ description: 'local date in the cleaner’s zone, YYYY-MM-DD' }),
    scheduledTime: z.string().meta({ description: 'local start time in the cleaner’s zone, HH:MM' }),
    timeZone: z.string().meta({ description: 'the cleaner’s IANA time zone' }),
    links: z.object({
      self: linkTo('getBooking'),
      cleaner: linkTo('getCleaner'),
      review: PageLink.optional().meta({ description: 'once completed and not yet reviewed' }),
    }),
  })
  .meta({ id: 'ProfileRecentBooking' });
export type ProfileRecentBooking = z.infer<typeof ProfileRecentBooking>;

/** The profile page's account activity, computed from the user's own bookings and reviews. */
export const AccountActivity = z
  .object({
    totalBookings: z.number().int(),
    completedBookings: z.number().int(),
    pendingBookings: z.number().int(),
    /** Average overall rating of the reviews this user wrote; null before the first. */
    averageRatingGiven: z.number().nullable(),
    recentBookings: z.array(ProfileRecentBooking),
    links: z.object({ self: linkTo('getAccountActivity'), bookings: linkTo('listBookings') }),
  })
  .meta({ id: 'AccountActivity' });
export type AccountActivity = z.infer<typeof AccountActivity>;

export const AuthProviders = z.object({
  password: z.boolean(),
  google: z.boolean(),
  github: z.boolean(),
  links: z.object({
    self: linkTo('getAuthProviders'),
    google: linkTo('startOAuth').optional(),
    github: linkTo('startOAuth').optional(),
  }),
});
export type AuthProviders = z.infer<typeof AuthProviders>;

const NewPassword = z.string().min(8, 'Password must be at least 8 characters').max(128);
const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const PasswordChangeInput = z
  .object({
    /** Required when the account has a password; an account without one needs a sign-in from the last 15 minutes. */
    currentPassword: z.string().max(1024).optional(),
    newPassword: NewPassword,
  })
  .meta({ id: 'PasswordChangeInput' });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

export const PasswordResetRequestInput = z.object({ email: Email }).meta({ id: 'PasswordResetRequestInput' });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestInput>;

export const PasswordResetInput = z
  .object({ token: z.string().min(1, 'This link is incomplete').max(64), password: NewPassword })
  .meta({ id: 'PasswordResetInput' });
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

export const EmailVerificationInput = z
  .object({ token: z.string().min(1, 'This link is incomplete').max(64) })
  .meta({ id: 'EmailVerificationInput' });
export type EmailVerificationInput = z.infer<typeof EmailVerificationInput>;

export const EmailVerified = z.object({ ok: z.literal(true), email: z.string() }).meta({ id: 'EmailVerified' });
export type EmailVerified = z.infer<typeof EmailVerified>;

export const TotpSetupInput = z
  .object({ currentPassword: z.string().max(1024).optional() })
  .meta({ id: 'TotpSetupInput' });
export type TotpSetupInput = z.infer<typeof TotpSetupInput>;
export const TotpSetup = z
  .object({
    secret: z.string().meta({ description: 'base32, for typing into an authenticator app' }),
    uri: z.string().meta({ description: 'otpauth:// URI' }),
  })
  .meta({ id: 'TotpSetup' });
export type TotpSetup = z.infer<typeof TotpSetup>;
export const TotpCodeInput = z.object({ code: TotpCode }).meta({ id: 'TotpCodeInput' });
export type TotpCodeInput = z.infer<typeof TotpCodeInput>;
export const TotpDisableInput = z
  .object({ currentPassword: z.string().max(1024).optional(), code: TotpCode })
  .meta({ id: 'TotpDisableInput' });
export type TotpDisableInput = z.infer<typeof TotpDisableInput>;

export const AdminLoginInput = z
  .object({
    password: z.string().min(1, 'Please enter the admin password.').max(1024),
    /** An administrator's authenticator code, when their second factor is on (401 `totp_required` asks for it). */
    code: TotpCode.optional(),
  })
  .meta({ id: 'AdminLoginInput' });
export type AdminLoginInput = z.infer<typeof AdminLoginInput>;

export const AdminSession = z.object({
  admin: z.literal(true),
  /** `password`: the shared admin password (outside production only); `user`: a named administrator. */
  via: z.enum(['password', 'user']),
  /** The named administrator every action of this session is recorded against; null for the shared password. */
  userId: z.number().int().nullable(),
  links: z.object({
    self: linkTo('getAdminSession'),
    payments: linkTo('listPayments'),
    bookings: linkTo('listBookings'),
    page: PageLink,
  }),
  actions: z.object({ logout: actionOf('logout', 'POST', 'adminLogout') }),
});
export type AdminSession = z.infer<typeof AdminSession>;

/**
 * Who is signed in, for a page deciding what to show: signed out is an answer (200 with no user),
 * not an error, so a visitor's page makes no failing request (`GET /api/auth/user` stays as the
 * product writes it: 401 when signed out).
 */
export const SessionState = z
  .object({
    user: AuthUser.nullable(),
    /** The caller also has an administrator session. */
    admin: z.boolean(),
    links: z.object({
      self: linkTo('getSession'),
      user: linkTo('getCurrentUser').optional().meta({ description: 'signed in' }),
      adminSession: linkTo('getAdminSession').optional().meta({ description: 'with an administrator session' }),
    }),
  })
  .meta({ id: 'SessionState' });
export type SessionState = z.infer<typeof SessionState>;

export const AuthOk = z.object({ ok: z.literal(true) });
