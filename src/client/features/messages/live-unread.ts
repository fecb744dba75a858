// Unread messages live (issue 32): what the socket (lib/socket.ts) does when a message to me arrives or I read a
// conversation on another tab or device: the badge and the list are read again, and a message for a conversation that
// is not open on screen is announced by a toast with View. Kept small: the socket is in the first script.
import { CONVERSATION_PREVIEW_LENGTH } from '@shared/api/message-constants';
import type { Message } from '@shared/api/messages';
import type { QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { toast } from '../../ui/toast-store';
import { CONVERSATIONS_KEY, cachedConversation, UNREAD_TOTAL_KEY } from './queries';

/** The conversation whose chat is on screen (ChatPanel), as `shop id/customer id`; null when none is. */
let openConversation: string | null = null;

/** Called by the open chat: its conversation's messages are read as they come (use-read-while-open.ts). */
export function setOpenConversation(shopId: number, customerId: number): () => void {
  const key = `${shopId}/${customerId}`;
  openConversation = key;
  return () => {
    if (openConversation === key) openConversation = null;
  };
}

function isOpen(shopId: number, customerId: number) {
  return openConversation === `${shopId}/${customerId}` && document.visibilityState === 'visible';
}

/** The /messages address that opens a message's conversation, seen from my side of it. */
function conversationPath(message: Message, myId: number) {
  return message.customerId === myId
    ? `/messages?shop=${message.shopId}`
    : `/messages?shop=${message.shopId}&customer=${message.customerId}`;
}

/**
 * A message reached me over /ws. People's messages to me make the badge be read again, unless their conversation is
 * open (it is being marked read; a count that rises and falls would only flicker), and are announced: 'New message
 * from Truth Coffee', or from the customer's name for an owner, named from the conversation list.
 */
export function noticeLiveMessage(queryClient: QueryClient, message: Message, myId: number) {
  if (message.receiverId !== myId || message.senderId === myId || message.messageType !== 'text') return;
  if (isOpen(message.shopId, message.customerId)) return;
  void queryClient.invalidateQueries({ queryKey: UNREAD_TOTAL_KEY });
  const announce = (senderName: string) =>
    toast({
      title: `New message from ${senderName}`,
      description: message.content.slice(0, CONVERSATION_PREVIEW_LENGTH),
      action: { label: 'View', onClick: () => navigate(conversationPath(message, myId)) },
    });
  const nameOf = () => {
    const conversation = cachedConversation(queryClient, message.shopId, message.customerId);
    if (!conversation) return null;
    return conversation.myRole === 'shop' ? conversation.customer.username : conversation.shop.name;
  };
  const known = nameOf();
  if (known) {
    announce(known);
    return;
  }
  // A first message, or a page that never read the list: it is read now (the socket has asked for it anyway).
  void queryClient
    .fetchQuery({ queryKey: CONVERSATIONS_KEY })
    .then(() => {
      const name = nameOf();
      if (name && !isOpen(message.shopId, message.customerId)) announce(name);
    })
    .catch(() => undefined);
}

/** I read a conversation here or elsewhere: its dot and the badge are read again. */
export function noticeConversationRead(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: UNREAD_TOTAL_KEY });
  void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
}
