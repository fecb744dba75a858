// Chat hooks: conversations (polled every 5 s and refreshed live), a conversation's messages, sending.

import { CONVERSATION_POLL_MS } from '@shared/api/message-constants';
import type { Conversation, Message, SendMessageBody } from '@shared/api/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, pathFromKey } from '../../lib/api';

export function useConversations(enabled: boolean) {
  return useQuery<Conversation[]>({
    queryKey: ['/api/messages/conversations'],
    enabled,
    refetchInterval: CONVERSATION_POLL_MS,
  });
}

export function conversationKey(shopId: number, customerId?: number) {
  return ['/api/messages', shopId, customerId ? { customerId } : {}] as const;
}

export function useConversationMessages(shopId: number | null, customerId?: number) {
  return useQuery<Message[]>({
    queryKey: conversationKey(shopId ?? 0, customerId),
    enabled: shopId !== null,
  });
}

/** Adds a message to a cached conversation once, in id order: live pushes and our own sends never double up. */
export function mergeMessage(list: Message[] | undefined, message: Message): Message[] {
  const current = list ?? [];
  if (current.some((existing) => existing.id === message.id)) return current;
  return [...current, message].sort((a, b) => a.id - b.id);
}

/** Older messages of a conversation (the `before` cursor), merged in front of what is already shown. */
export function useLoadEarlierMessages(shopId: number, customerId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: number) =>
      apiRequest<Message[]>('GET', pathFromKey(['/api/messages', shopId, { customerId, before }])),
    onSuccess: (older) =>
      queryClient.setQueryData<Message[]>(conversationKey(shopId, customerId), (list) =>
        older.reduce((merged, message) => mergeMessage(merged, message), list ?? []),
      ),
  });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => apiRequest<Message>('POST', '/api/messages', body),
    onSuccess: (message, _body) => {
      for (const customerId of [undefined, message.customerId]) {
        queryClient.setQueryData<Message[]>(conversationKey(message.shopId, customerId), (list) =>
          list ? mergeMessage(list, message) : list,
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['/api/messages/conversations'] });
    },
  });
}
