// Which chat a conversation opens, seen from the caller's side: the shop for a customer, the customer for an owner.
import type { Conversation } from '@shared/api/messages';
import type { Shop } from '@shared/api/shops';
import type { ChatTarget } from './ChatPanel';

export function targetOfConversation(conversation: Conversation): ChatTarget {
  return conversation.myRole === 'shop'
    ? {
        shopId: conversation.shop.id,
        customerId: conversation.customer.id,
        receiverId: conversation.customer.id,
        title: conversation.customer.username,
        subtitle: `Customer of ${conversation.shop.name}`,
      }
    : {
        shopId: conversation.shop.id,
        receiverId: conversation.shop.ownerId,
        title: conversation.shop.name,
        subtitle: 'Chat with the shop to ask or pre-order',
      };
}

/** A shop opened from a card before any message exists: the customer starts the conversation. */
export function targetOfNewShop(shop: Shop): ChatTarget {
  return { shopId: shop.id, receiverId: shop.ownerId, title: shop.name, subtitle: 'Start the conversation' };
}

/** The /messages address that opens a conversation. */
export function conversationHref(conversation: Conversation): string {
  return conversation.myRole === 'shop'
    ? `/messages?shop=${conversation.shop.id}&customer=${conversation.customer.id}`
    : `/messages?shop=${conversation.shop.id}`;
}
