// Reading a conversation marks it read (issue 32): when its chat opens, and again as new messages arrive while it is
// open, but only while the page is on screen: a message that comes to a hidden tab stays unread until it is seen.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { setOpenConversation } from './live-unread';
import { cachedConversation, useMarkConversationRead } from './queries';

export function useReadWhileOpen(shopId: number, customerId: number, newestId: number | undefined) {
  const queryClient = useQueryClient();
  const { mutate: markRead } = useMarkConversationRead();
  /** The newest message this chat has already marked read up to. */
  const markedUpTo = useRef(0);

  useEffect(() => setOpenConversation(shopId, customerId), [shopId, customerId]);

  useEffect(() => {
    if (newestId === undefined) return;
    const markIfSeen = () => {
      if (document.visibilityState !== 'visible' || newestId <= markedUpTo.current) return;
      // Nothing to send when the list, read after the newest message, says nothing in it is unread.
      const listed = cachedConversation(queryClient, shopId, customerId);
      const alreadyRead = listed && listed.unreadCount === 0 && listed.lastMessage.id >= newestId;
      markedUpTo.current = newestId;
      if (alreadyRead) return;
      markRead(
        { shopId, customerId, upTo: newestId },
        {
          // Tried again with the next message, or when the page is shown again.
          onError: () => {
            markedUpTo.current = 0;
          },
        },
      );
    };
    markIfSeen();
    document.addEventListener('visibilitychange', markIfSeen);
    return () => document.removeEventListener('visibilitychange', markIfSeen);
  }, [queryClient, markRead, shopId, customerId, newestId]);
}
