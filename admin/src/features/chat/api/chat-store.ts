import { type Chat, createChat } from '@spotless/sdk/chat';
import { toast } from '../../../lib/toast';

let chat: Chat | undefined;

/**
 * The page's one conversation with the assistant: the SDK's framework-free store (decision 047)
 * on the same origin, its errors shown as the spec's destructive toasts.
 */
export function chatStore(): Chat {
  chat ??= createChat({ onError: ({ title, description }) => toast({ title, description, variant: 'destructive' }) });
  return chat;
}
