import type { ContactMessageInput } from '@spotless/sdk';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useSendContactMessage() {
  return useMutation({
    mutationKey: ['contact', 'send'],
    mutationFn: (input: ContactMessageInput) => api.contact.send(input),
  });
}
