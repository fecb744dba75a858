// Chat hooks: conversations (polled every 5 s and refreshed live), a conversation's messages, sending, and (issue 32)
// the unread total and marking a conversation read.

import { CONVERSATION_POLL_MS } from '@shared/api/message-constants';
import type { Conversation, Message, SendMessageBody, UnreadTotal } from '@shared/api/messages';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { apiRequest, errorStatus, pathFromKey } from '../../lib/api';

export const CONVERSATIONS_KEY = ['/api/messages/conversations'] as const;
export const UNREAD_TOTAL_KEY = ['/api/messages/unread-count'] as const;

export function useConversations(enabled: boolean) {
  return useQuery<Conversation[]>({
    queryKey: CONVERSATIONS_KEY,
    enabled,
    refetchInterval: CONVERSATION_POLL_MS,
  });
}

/** The navigation's badge: read once, then again whenever a message to me arrives or I read one (lib/socket.ts). */
export function useUnreadTotal(enabled: boolean) {
  return useQuery<UnreadTotal>({ queryKey: UNREAD_TOTAL_KEY, enabled });
}

/** Whether a cached conversation is the one of this shop and customer. */
function isConversation(conversation: Conversation, shopId: number, customerId: number) {
  return conversation.shop.id === shopId && conversation.customer.id === customerId;
}

/** The cached conversation of this shop and customer, if the list has been read. */
export function cachedConversation(queryClient: QueryClient, shopId: number, customerId: number) {
  return queryClient
    .getQueryData<Conversation[]>(CONVERSATIONS_KEY)
    ?.find((conversation) => isConversation(conversation, shopId, customerId));
}

/**
 * Marks a conversation read up to a message (POST /api/messages/{shopId}/read; a customer may name themselves as the
 * customer, so both sides send customerId). Its dot and its share of the badge go at once.
 */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, customerId, upTo }: { shopId: number; customerId: number; upTo: number }) =>
      apiRequest<void>('POST', pathFromKey([`/api/messages/${shopId}/read`, { customerId }]), {
        lastReadMessageId: upTo,
      }),
    onMutate: ({ shopId, customerId }) => {
      let cleared = 0;
      queryClient.setQueryData<Conversation[]>(CONVERSATIONS_KEY, (list) =>
        list?.map((conversation) => {
          if (!isConversation(conversation, shopId, customerId) || conversation.unreadCount === 0)
            return conversation;
          cleared += conversation.unreadCount;
          return { ...conversation, unreadCount: 0 };
        }),
      );
      if (cleared > 0)
        queryClient.setQueryData<UnreadTotal>(UNREAD_TOTAL_KEY, (total) =>
          total ? { total: Math.max(0, total.total - cleared) } : total,
        );
    },
    // Read again once the server has the marker: a poll answered just before it must not bring the dot back.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: UNREAD_TOTAL_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
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

/** A fresh Idempotency-Key. randomUUID exists only on https and localhost; getRandomValues everywhere. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether two sends are the same message, the same for the same message sent again (the user pressing Send after a failure). */
function sameMessage(a: SendMessageBody, b: SendMessageBody) {
  return a.content === b.content && a.receiverId === b.receiverId && a.shopId === b.shopId;
}

/**
 * Sends a message with an Idempotency-Key: one per message, reused on every retry of it (automatic ones after
 * a network failure, and the user sending the same text again after an error), so a message the server
 * stored but could not acknowledge is never stored twice.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const lastFailed = useRef<{ body: SendMessageBody; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: SendMessageBody; key: string }) =>
      apiRequest<Message>('POST', '/api/messages', body, { 'Idempotency-Key': key }),
    // Only a network failure is retried by itself (with the same key): an HTTP error would answer the same.
    retry: (failures, error) => failures < 2 && errorStatus(error) === null,
    onError: (_error, variables) => {
      lastFailed.current = variables;
    },
    onSuccess: (message) => {
      lastFailed.current = null;
      for (const customerId of [undefined, message.customerId]) {
        queryClient.setQueryData<Message[]>(conversationKey(message.shopId, customerId), (list) =>
          list ? mergeMessage(list, message) : list,
        );
      }
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });
  const mutate = useCallback(
    (body: SendMessageBody, options?: Parameters<typeof mutation.mutate>[1]) => {
      const failed = lastFailed.current;
      const key = failed && sameMessage(failed.body, body) ? failed.key : newKey();
      mutation.mutate({ body, key }, options);
    },
    [mutation.mutate],
  );
  return { ...mutation, mutate };
}
