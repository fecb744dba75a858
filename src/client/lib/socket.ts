// The live connection (spec §4, §7): authenticates with the token, merges pushed messages and orders into the
// cache, tells a customer when their order moves, reconnects 3 s after a close and refetches what it missed. A close
// with 4401 (the session ended, issue 28) is not retried blindly: the session is asked about once, and a 401 to that
// signs this tab out (lib/auth.tsx). It also watches the shops on screen (lib/shop-watch.ts) and applies their
// shop_updated events (issue 31); a signed-out visitor's tab opens a watch-only socket, and only while it shows a shop.

import { type LoyaltyStampEvent, stampLine } from '@shared/api/loyalty-text';
import { RECONNECT_DELAY_MS } from '@shared/api/message-constants';
import type { Message, ServerEvent } from '@shared/api/messages';
import type { Order } from '@shared/api/orders';
import type { Shop } from '@shared/api/shops';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { stampsLeftText } from '../features/loyalty/card-text';
import { noticeConversationRead, noticeLiveMessage } from '../features/messages/live-unread';
import { conversationKey, mergeMessage, UNREAD_TOTAL_KEY } from '../features/messages/queries';
import { customerOrderToast } from '../features/orders/auto-cancel';
import { markOrderFresh } from '../features/orders/fresh-orders';
import { announceNewOrder } from '../features/orders/new-order-alerts';
import { applyOrderChange, ORDERS_KEY, SUMMARY_KEY } from '../features/orders/queries';
import { applyShopUpdate } from '../features/shops/live-updates';
import { toast } from '../ui/toast-store';
import { apiRequest, errorStatus, getToken } from './api';
import { subscribeToWatchedShops, watchedShopIds } from './shop-watch';

/** The close code the server gives a socket whose token it refuses or whose session ended (realtime/hub.ts). */
const SESSION_REFUSED = 4401;

/** The live connection of this tab: for a signed-in user always, for a visitor while a shop is on screen. */
export function useLiveConnection(userId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let hasConnected = false;
    /** The socket may be sent a watch list: authenticated, or opened by a visitor. */
    let canWatch = false;
    /** The watch list the server has, so an unchanged one is not sent again. */
    let sentWatch: string | null = null;

    const refetchAll = () => {
      // Shops' pages, cards and menus: any of their updates may have been missed.
      void queryClient.invalidateQueries({ queryKey: ['/api/coffee-shops'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/menu-items'] });
      if (!userId) return;
      void queryClient.invalidateQueries({ queryKey: ['/api/messages'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/messages/conversations'] });
      void queryClient.invalidateQueries({ queryKey: UNREAD_TOTAL_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      void queryClient.invalidateQueries({ queryKey: SUMMARY_KEY });
    };

    const sendWatchList = () => {
      if (!socket || socket.readyState !== WebSocket.OPEN || !canWatch) return;
      const shopIds = watchedShopIds();
      const list = shopIds.join(',');
      if (list === sentWatch) return;
      sentWatch = list;
      socket.send(JSON.stringify({ type: 'watch_shops', shopIds }));
    };
    /** A visitor has no socket until a shop is on screen; a signed-in user always has one. */
    const wanted = () => userId !== undefined || watchedShopIds().length > 0;

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
        // A cancelled order that spent a stamp card gave it back (issue 29).
        if (order.status === 'cancelled') void queryClient.invalidateQueries({ queryKey: ['/api/loyalty'] });
        const shop = queryClient.getQueryData<Shop>(['/api/coffee-shops', order.shopId]);
        toast({ title: customerOrderToast(order, shop?.autoCancelMinutes ?? null) });
      }
    };

    /** A collected order's stamp (issue 29): 'Stamp 8 of 10 at Truth Coffee', and the cards read again. */
    const onStamp = (stamp: LoyaltyStampEvent) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/loyalty'] });
      toast({ title: stampLine(stamp), description: stampsLeftText(stamp.stamps, stamp.stampsRequired) });
    };

    const onMessage = (message: Message) => {
      for (const customerId of [undefined, message.customerId]) {
        queryClient.setQueryData<Message[]>(conversationKey(message.shopId, customerId), (list) =>
          list ? mergeMessage(list, message) : list,
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['/api/messages/conversations'] });
      // Unread counts and the toast of a message from someone else (issue 32).
      if (userId) noticeLiveMessage(queryClient, message, userId);
    };

    const reconnectLater = () => {
      if (!stopped) retry = setTimeout(connect, RECONNECT_DELAY_MS);
    };
    // Shops come on and off screen: the server is told; a visitor's first shop opens the socket, and their last
    // one leaving closes it (a visitor has nothing else to hear).
    const stopWatching = subscribeToWatchedShops(() => {
      if (socket && !wanted()) {
        const idle = socket;
        socket = null;
        idle.close();
      } else if (socket) sendWatchList();
      else if (retry === undefined && !stopped && wanted()) connect();
    });

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

    /** Open: ready for events, and for the watch list; after a reconnect, what was missed is read again. */
    const onReady = () => {
      canWatch = true;
      sendWatchList();
      if (hasConnected) refetchAll();
      hasConnected = true;
    };

    const connect = () => {
      retry = undefined;
      if (!wanted()) return;
      const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const token = userId ? getToken() : null;
      const opened = new WebSocket(`${protocol}://${window.location.host}/ws`);
      socket = opened;
      canWatch = false;
      sentWatch = null;
      opened.onopen = () => {
        if (token) opened.send(JSON.stringify({ type: 'auth', token }));
        else onReady(); // a visitor's socket only watches: its watch list is its first message
      };
      opened.onmessage = (event) => {
        const data = JSON.parse(String(event.data)) as ServerEvent;
        if (data.type === 'authenticated') onReady();
        else if (data.type === 'new_message') onMessage(data.message);
        else if (data.type === 'messages_read') noticeConversationRead(queryClient);
        else if (data.type === 'order_created') onOrderCreated(data.order);
        else if (data.type === 'order_updated') onOrderUpdated(data.order);
        else if (data.type === 'shop_updated') applyShopUpdate(queryClient, data);
        else if (data.type === 'loyalty_stamp') onStamp(data);
        else if (data.type === 'resync') refetchAll();
      };
      opened.onclose = (event) => {
        if (socket === opened) socket = null;
        if (stopped) return;
        // A visitor's socket refused is not asked about sessions: it has none.
        if (event.code === SESSION_REFUSED && token) onRefused(token);
        else if (event.code !== SESSION_REFUSED) reconnectLater();
      };
    };
    connect();
    return () => {
      stopped = true;
      stopWatching();
      clearTimeout(retry);
      socket?.close();
    };
  }, [userId, queryClient]);
}
