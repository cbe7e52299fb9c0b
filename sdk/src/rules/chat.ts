/**
 * The chat rules (docs/product/assistant.md) that the server, the hosted app's bubble and the
 * partner widget all follow. The server enforces the length; the clients check it first.
 */
export const CHAT = {
  /** Characters in one message, after trimming. */
  messageMaxLength: 2000,
  /** Quick replies shown at most. */
  quickRepliesShown: 3,
  /** Quick replies hide once the conversation has more messages than this. */
  quickRepliesUntilMessages: 2,
  /** A clicked quick reply is sent after this many milliseconds. */
  quickReplyDelayMs: 100,
  panelWidthPx: 384,
  panelHeightPx: 500,
  collapsedHeightPx: 64,
  /** The header subtitle while a reply is pending, and otherwise. */
  typing: 'Typing...',
  online: 'Online • Here to help!',
  /** The partner widget's subtitle when the partner's key is refused: nobody will answer. */
  unavailable: 'Unavailable',
} as const;

/**
 * The message as it is sent, or null when it must not be sent: trimmed, never empty, never over the
 * limit (the caller says so), never while there is no session or a send is pending.
 */
export function chatMessageToSend(text: string, state: { hasSession: boolean; pending: boolean }): string | null {
  const message = text.trim();
  if (!message || !state.hasSession || state.pending) return null;
  return message;
}

/** The quick replies to show for a conversation of `messageCount` messages (docs/product/assistant.md). */
export function visibleQuickReplies(quickReplies: readonly string[], messageCount: number): string[] {
  if (messageCount > CHAT.quickRepliesUntilMessages) return [];
  return quickReplies.slice(0, CHAT.quickRepliesShown);
}

/**
 * Whether a name is an IANA time zone this runtime knows ("America/Denver", "UTC"): the zone a
 * browser sends with a chat message (`Intl.DateTimeFormat().resolvedOptions().timeZone`).
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own time zone, or undefined where the runtime does not say. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}
