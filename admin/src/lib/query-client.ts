import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from './toast';

/** A 401 is recognised by its message (docs/product/accounts.md), '401:' first and 'Unauthorized' in it. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401:') && error.message.includes('Unauthorized');
}

export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';
export const LOGIN_REDIRECT_DELAY_MS = 500;
/** The admin area signs in with the shared admin password on its own page. */
export const ADMIN_LOGIN_PATH = '/admin';

function isForbiddenError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('403:');
}

export interface QueryClientOptions {
  /** Whether the page being shown needs a signed-in user; only there a 401 sends the user to log in. */
  isProtectedPage: () => boolean;
  /** Full-page navigation; replaceable so the redirect can be observed. */
  navigate?: (url: string) => void;
  /** Whether the page is in the admin area: there a 401 or 403 goes to the admin login page instead. */
  isAdminPage?: () => boolean;
  /** The page being shown (path and query), where signing in again comes back to. */
  currentPath?: () => string;
}

/**
 * The app's QueryClient with the data defaults of the product (docs/product/README.md: no retry, no
 * refetch on focus, never stale) and its one error path: a 401 on a protected page toasts and goes
 * to log in.
 */
export function createQueryClient({
  isProtectedPage,
  navigate = (url) => window.location.assign(url),
  isAdminPage = () => false,
  currentPath = () => window.location.pathname + window.location.search,
}: QueryClientOptions): QueryClient {
  let redirecting = false;
  const onError = (error: unknown) => {
    if (redirecting || !isProtectedPage()) return;
    const admin = isAdminPage();
    if (!isUnauthorizedError(error) && !(admin && isForbiddenError(error))) return;
    redirecting = true;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    setTimeout(() => {
      redirecting = false;
      // A session that expired mid-page: back to this page once signed in again.
      navigate(admin ? ADMIN_LOGIN_PATH : `${LOGIN_PATH}?returnUrl=${encodeURIComponent(currentPath())}`);
    }, LOGIN_REDIRECT_DELAY_MS);
  };

  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}
