import { type Chat, createChat } from '@spotless/sdk/chat';
import { toast } from '../../../lib/toast';

let chat: Chat | undefined;

/**
 * The page's one conversation with the assistant: the SDK's framework-free store (decision 047)
 * on the same origin, its errors shown as destructive toasts (docs/product/assistant.md).
 */
export function chatStore(): Chat {
  chat ??= createChat({ onError: ({ title, description }) => toast({ title, description, variant: 'destructive' }) });
  return chat;
}

/**
 * Who was signed in when the tab last looked, kept beside the conversation's link: the header's
 * sign-out is a navigation that reloads the page, and the change must still be seen after it.
 */
export const SIGNED_IN_KEY = 'spotless.chat.signedInAs';

function tabStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage blocked: the chat store keeps nothing across reloads either
  }
}

let signedInHere: string | null = null;

/**
 * Who is signed in now (null: nobody). A conversation a signed-in person has written in is theirs
 * and holds what the assistant read for them, so when they sign out — or someone else signs in —
 * the page lets go of it: the bubble closes, and the next open starts a new conversation instead
 * of reopening theirs. Signing in keeps a visitor's conversation: it is the same person's.
 */
export function followSignedIn(userId: number | null): void {
  const storage = tabStorage();
  const before = storage ? storage.getItem(SIGNED_IN_KEY) : signedInHere;
  const now = userId === null ? null : String(userId);
  if (before !== null && before !== now) chatStore().forget();
  signedInHere = now;
  if (now === null) storage?.removeItem(SIGNED_IN_KEY);
  else storage?.setItem(SIGNED_IN_KEY, now);
}
