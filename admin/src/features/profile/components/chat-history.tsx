import type { AuthUser } from '@spotless/sdk';
import { policy } from '@spotless/sdk/help';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import { useDeleteChatHistory } from '../api/profile.queries';

/** The profile's card for the assistant's conversations: how long they are kept, and deleting them all. */
export function ChatHistory({ user }: { user: AuthUser }) {
  const remove = useDeleteChatHistory();
  const [confirming, setConfirming] = useState(false);
  const action = user.actions.deleteChatHistory;
  return (
    <section className="card" aria-labelledby="chat-history-title" data-testid="chat-history">
      <h2 id="chat-history-title" className="card__title">
        Assistant conversations
      </h2>
      <p>
        Your conversations with the Spotless assistant are kept for {policy.accountChatRetentionDays} days after their
        last message. You can delete them all at any time.
      </p>
      {confirming ? (
        <fieldset className="alert alert--warning">
          <legend className="visually-hidden">Confirm deleting your chat history</legend>
          <p>{action.description}</p>
          <div className="button-row">
            <button
              type="button"
              className="btn btn--danger btn--sm"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(action, {
                  onSuccess: ({ deletedSessions }) => {
                    setConfirming(false);
                    toast({
                      title: 'Chat history deleted',
                      description: `${deletedSessions} ${deletedSessions === 1 ? 'conversation' : 'conversations'} deleted.`,
                    });
                  },
                  onError: (error) =>
                    toast({
                      title: 'Error',
                      description: errorMessage(error, 'Please try again.'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete all conversations'}
            </button>
            <button type="button" className="btn btn--outline btn--sm" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </fieldset>
      ) : (
        <button type="button" className="btn btn--outline btn--sm" onClick={() => setConfirming(true)}>
          {action.title}
        </button>
      )}
    </section>
  );
}
