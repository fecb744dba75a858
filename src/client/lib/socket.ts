// The live connection (spec §4, §7): authenticates with the token, merges pushed messages into the cache,
// reconnects 3 s after a close and then refetches what it may have missed.

import { RECONNECT_DELAY_MS } from '@shared/api/message-constants';
import type { Message, ServerEvent } from '@shared/api/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { conversationKey, mergeMessage } from '../features/messages/queries';
import { getToken } from './api';

export function useLiveMessages(userId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let hasConnected = false;

    const refetchAll = () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/messages'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/messages/conversations'] });
    };

    const onMessage = (message: Message) => {
      for (const customerId of [undefined, message.customerId]) {
        queryClient.setQueryData<Message[]>(conversationKey(message.shopId, customerId), (list) =>
          list ? mergeMessage(list, message) : list,
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['/api/messages/conversations'] });
    };

    const connect = () => {
      const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${protocol}://${window.location.host}/ws`);
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', token: getToken() }));
      socket.onmessage = (event) => {
        const data = JSON.parse(String(event.data)) as ServerEvent;
        if (data.type === 'authenticated') {
          if (hasConnected) refetchAll();
          hasConnected = true;
        } else if (data.type === 'new_message') onMessage(data.message);
        else if (data.type === 'resync') refetchAll();
      };
      socket.onclose = () => {
        if (!stopped) retry = setTimeout(connect, RECONNECT_DELAY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [userId, queryClient]);
}
