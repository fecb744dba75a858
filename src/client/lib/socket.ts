// The live connection (spec §4, §7): authenticates with the token, merges pushed messages and orders into the
// cache, tells a customer when their order moves, reconnects 3 s after a close and refetches what it missed. A close
// with 4401 (the session ended, issue 28) is not retried blindly: the session is asked about once, and a 401 to that
// signs this tab out (lib/auth.tsx).

import { RECONNECT_DELAY_MS } from '@shared/api/message-constants';
import type { Message, ServerEvent } from '@shared/api/messages';
import type { Order } from '@shared/api/orders';
import type { Shop } from '@shared/api/shops';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { conversationKey, mergeMessage } from '../features/messages/queries';
import { customerOrderToast } from '../features/orders/auto-cancel';
import { markOrderFresh } from '../features/orders/fresh-orders';
import { announceNewOrder } from '../features/orders/new-order-alerts';
import { applyOrderChange, ORDERS_KEY, SUMMARY_KEY } from '../features/orders/queries';
import { toast } from '../ui/toast-store';
import { apiRequest, errorStatus, getToken } from './api';

/** The close code the server gives a socket whose token it refuses or whose session ended (realtime/hub.ts). */
const SESSION_REFUSED = 4401;

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
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: SUMMARY_KEY });
    };

    const onOrderCreated = (order: Order) => {
      // Only owners are told of new orders: highlighted, and chimed where the dashboard or the board is open.
      markOrderFresh(order.id);
      applyOrderChange(queryClient, order);
      announceNewOrder(order);
    };

    const onOrderUpdated = (order: Order) => {
      applyOrderChange(queryClient, order);
      // The customer hears of every move of their order; the owner made the move and has had their own toast.
      // A cancel the shop never answered says so (issue 30), when the shop's page (and its setting) is at hand;
      // fetching the shop only for this would count as a visit in its analytics.
      if (order.customerId === userId) {
        const shop = queryClient.getQueryData<Shop>(['/api/coffee-shops', order.shopId]);
        toast({ title: customerOrderToast(order, shop?.autoCancelMinutes ?? null) });
      }
    };

    const onMessage = (message: Message) => {
      for (const customerId of [undefined, message.customerId]) {
        queryClient.setQueryData<Message[]>(conversationKey(message.shopId, customerId), (list) =>
          list ? mergeMessage(list, message) : list,
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['/api/messages/conversations'] });
    };

    const reconnectLater = () => {
      if (!stopped) retry = setTimeout(connect, RECONNECT_DELAY_MS);
    };

    /**
     * The server refused the socket's token. Reconnecting with the same token would be refused again, every 3 s,
     * for as long as the tab stays open. Another tab may have signed out (no token: that tab's storage event signs
     * this one out) or in afresh (a new token: connect with it); otherwise one request asks whether the session
     * still lives: its 401 signs this tab out, and only a live session (a slow first message, say) connects again.
     */
    const onRefused = (token: string | null) => {
      const now = getToken();
      if (!now) return;
      if (now !== token) return reconnectLater();
      apiRequest('GET', '/api/auth/me').then(reconnectLater, (error: unknown) => {
        if (errorStatus(error) !== 401) reconnectLater();
      });
    };

    const connect = () => {
      const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const token = getToken();
      socket = new WebSocket(`${protocol}://${window.location.host}/ws`);
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', token }));
      socket.onmessage = (event) => {
        const data = JSON.parse(String(event.data)) as ServerEvent;
        if (data.type === 'authenticated') {
          if (hasConnected) refetchAll();
          hasConnected = true;
        } else if (data.type === 'new_message') onMessage(data.message);
        else if (data.type === 'order_created') onOrderCreated(data.order);
        else if (data.type === 'order_updated') onOrderUpdated(data.order);
        else if (data.type === 'resync') refetchAll();
      };
      socket.onclose = (event) => {
        if (stopped) return;
        if (event.code === SESSION_REFUSED) onRefused(token);
        else reconnectLater();
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
