import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useAdminLogin() {
  return useMutation({
    mutationKey: ['admin', 'login'],
    mutationFn: (input: { password: string; code?: string }) => api.auth.adminLogin(input),
  });
}
