import type {
  PasswordChangeInput,
  PasswordResetInput,
  TotpCodeInput,
  TotpDisableInput,
  TotpSetupInput,
} from '@spotless/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentUserQuery } from '../../../lib/auth';

/** Account changes that answer the user: each puts it straight into the current-user cache. */
function useUserMutation<I>(key: string, call: (input: I) => ReturnType<typeof api.auth.user>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', key],
    mutationFn: call,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export const useChangePassword = () =>
  useUserMutation('password', (input: PasswordChangeInput) => api.auth.changePassword(input));
export const useResetPassword = () =>
  useUserMutation('reset', (input: PasswordResetInput) => api.auth.resetPassword(input));
export const useEnableTotp = () => useUserMutation('totp-enable', (input: TotpCodeInput) => api.auth.totpEnable(input));
export const useDisableTotp = () =>
  useUserMutation('totp-disable', (input: TotpDisableInput) => api.auth.totpDisable(input));

export function useTotpSetup() {
  return useMutation({
    mutationKey: ['auth', 'totp-setup'],
    mutationFn: (input: TotpSetupInput) => api.auth.totpSetup(input),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationKey: ['auth', 'reset-request'],
    mutationFn: (email: string) => api.auth.requestPasswordReset({ email }),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'verify-email'],
    mutationFn: (token: string) => api.auth.verifyEmail({ token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationKey: ['auth', 'verify-resend'], mutationFn: () => api.auth.resendVerification() });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: () => api.auth.logout(),
    onSuccess: () => queryClient.setQueryData(currentUserQuery.queryKey, null),
  });
}
