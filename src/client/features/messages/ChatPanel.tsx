// One conversation: its messages oldest first, and the composer (Enter sends, Shift+Enter breaks the line).

import { MAX_MESSAGE_LENGTH, MESSAGE_PAGE_SIZE } from '@shared/api/messages';
import { Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/Spinner';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast-store';
import { OrderMessage, readOrderData } from './OrderMessage';
import { useConversationMessages, useLoadEarlierMessages, useSendMessage } from './queries';
import { useReadWhileOpen } from './use-read-while-open';

export interface ChatTarget {
  shopId: number;
  /** The conversation's customer: set when the shop's owner reads it. */
  customerId?: number;
  receiverId: number;
  title: string;
  subtitle: string;
}

export function ChatPanel({ target, myId }: { target: ChatTarget; myId: number }) {
  const messages = useConversationMessages(target.shopId, target.customerId);
  const send = useSendMessage();
  const [draft, setDraft] = useState('');
  const earlier = useLoadEarlierMessages(target.shopId, target.customerId);
  const [reachedStart, setReachedStart] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  const newestId = messages.data?.at(-1)?.id;
  const oldestId = messages.data?.[0]?.id;
  // A full first page means there may be more before it.
  const mayHaveEarlier = !reachedStart && count >= MESSAGE_PAGE_SIZE;
  // On screen is read (issue 32): a customer's own conversation has no customerId in its target.
  useReadWhileOpen(target.shopId, target.customerId ?? myId, newestId);

  // Follow the newest message; loading earlier ones must not jump the view to the bottom.
  useEffect(() => {
    if (newestId !== undefined) bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);

  const loadEarlier = () => {
    if (oldestId === undefined) return;
    earlier.mutate(oldestId, {
      onSuccess: (older) => {
        if (older.length < MESSAGE_PAGE_SIZE) setReachedStart(true);
      },
      onError: () => toast({ title: 'Could not load earlier messages', variant: 'destructive' }),
    });
  };

  const submit = () => {
    const content = draft.trim();
    if (!content || send.isPending) return;
    send.mutate(
      { content, receiverId: target.receiverId, shopId: target.shopId, messageType: 'text' },
      {
        onSuccess: () => setDraft(''),
        onError: () =>
          toast({
            title: 'Failed to send message',
            description: 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="flex h-[min(72vh,42rem)] min-h-[26rem] flex-col">
      <header className="border-b border-espresso-100 px-5 py-4">
        <h2 className="font-display text-lg font-semibold">{target.title}</h2>
        <p className="text-sm text-espresso-600">{target.subtitle}</p>
      </header>
      <div
        className="flex-1 space-y-3 overflow-y-auto bg-espresso-50/50 p-5"
        role="log"
        aria-label="Messages"
        aria-live="polite"
        // Scrollable, so reachable by keyboard: Tab to the log, then the arrow keys scroll it (issue 32).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
        tabIndex={0}
      >
        {mayHaveEarlier && (
          <div className="flex justify-center">
            <Button variant="ghost" size="sm" onClick={loadEarlier} disabled={earlier.isPending}>
              {earlier.isPending ? 'Loading...' : 'Load earlier messages'}
            </Button>
          </div>
        )}
        {messages.isLoading ? (
          <Spinner label="Loading messages..." />
        ) : count === 0 ? (
          <p className="py-10 text-center text-sm text-espresso-600">
            No messages yet. Say hello and ask about today’s beans!
          </p>
        ) : (
          messages.data!.map((message) => {
            const mine = message.senderId === myId;
            // Orders speak in the chat as a card or a status line, not as a text bubble.
            const orderData = message.messageType === 'order' ? readOrderData(message) : null;
            if (orderData)
              return <OrderMessage key={message.id} message={message} mine={mine} data={orderData} />;
            return (
              <div
                key={message.id}
                className={cn('flex', mine ? 'justify-end' : 'justify-start')}
                data-testid="chat-message"
              >
                <div
                  className={cn(
                    'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2 text-sm shadow-sm',
                    mine
                      ? 'rounded-br-sm bg-espresso-800 text-crema'
                      : 'rounded-bl-sm bg-white text-espresso-950',
                  )}
                >
                  {message.content}
                  <div className={cn('mt-1 text-[11px]', mine ? 'text-espresso-200' : 'text-espresso-700')}>
                    {new Date(message.createdAt).toLocaleTimeString('en-ZA', {
                      hour: '2-digit',
                      minute: '2-digit',
                    })}
                  </div>
                </div>
              </div>
            );
          })
        )}
        <div ref={bottom} />
      </div>
      <form
        className="flex items-end gap-2 border-t border-espresso-100 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Textarea
          aria-label="Message"
          placeholder="Type a message…"
          title="Enter sends; Shift+Enter starts a new line"
          rows={2}
          maxLength={MAX_MESSAGE_LENGTH}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className="resize-none"
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send message"
          disabled={!draft.trim() || send.isPending}
        >
          <Send className="h-4 w-4" />
        </Button>
      </form>
    </div>
  );
}
