import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useAdminLogin() {
  return useMutation({
    mutationKey: ['admin', 'login'],
    mutationFn: (password: string) => api.auth.adminLogin({ password }),
  });
}
