// The signed-in messages screen: conversation list with search on the left, the open chat on the right.
import type { Role } from '@shared/api/auth';
import { MessageCircle, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/Input';
import { Spinner } from '../../ui/Spinner';
import { useShop } from '../shops/queries';
import { ChatPanel, type ChatTarget } from './ChatPanel';
import { ConversationListItem } from './ConversationListItem';
import { conversationHref, targetOfConversation, targetOfNewShop } from './chat-target';
import { useConversations } from './queries';

export function MessagesView({ myId, myRole }: { myId: number; myRole: Role }) {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const shopParam = Number(params.get('shop')) || null;
  const customerParam = Number(params.get('customer')) || undefined;
  const conversations = useConversations(true);
  const [search, setSearch] = useState('');

  const list = conversations.data ?? [];
  const selected = list.find(
    (conversation) =>
      conversation.shop.id === shopParam &&
      (conversation.myRole === 'customer' ? !customerParam : conversation.customer.id === customerParam),
  );
  // A shop opened from a card before any message: its details come from the shop itself.
  const newShop = useShop(shopParam, !selected && !customerParam && conversations.isSuccess);
  const target: ChatTarget | null = selected
    ? targetOfConversation(selected)
    : newShop.data && newShop.data.ownerId !== myId
      ? targetOfNewShop(newShop.data)
      : null;

  const term = search.trim().toLowerCase();
  const shown = list.filter(
    (conversation) =>
      !term ||
      conversation.shop.name.toLowerCase().includes(term) ||
      (conversation.myRole === 'shop' && conversation.customer.username.toLowerCase().includes(term)),
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 font-display text-3xl font-bold">Messages</h1>
      <Card className="grid grid-cols-1 overflow-hidden md:grid-cols-[320px_1fr]">
        <aside className={cn('min-w-0 border-espresso-100 md:border-r', target && 'hidden md:block')}>
          <div className="border-b border-espresso-100 p-3">
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-espresso-400"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Search conversations"
                placeholder="Search conversations..."
                className="pl-9"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>
          {conversations.isLoading ? (
            <Spinner label="Loading conversations..." />
          ) : conversations.isError ? (
            <p className="p-6 text-center text-sm text-espresso-600" role="alert">
              Conversations could not be loaded. They will refresh in a moment.
            </p>
          ) : list.length === 0 ? (
            <div className="flex flex-col items-center gap-3 p-8 text-center">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-espresso-100 text-espresso-700">
                <MessageCircle className="h-6 w-6" aria-hidden />
              </span>
              <p className="font-semibold text-espresso-950">No conversations yet</p>
              {myRole === 'shop_owner' ? (
                <p className="text-sm text-espresso-600">
                  Conversations will appear here when customers message you.
                </p>
              ) : (
                <>
                  <p className="text-sm text-espresso-600">Find a coffee shop and start chatting.</p>
                  <Button asChild size="sm">
                    <Link href="/discover">Discover Coffee Shops</Link>
                  </Button>
                </>
              )}
            </div>
          ) : (
            <ul className="max-h-[calc(min(72vh,42rem)-4.125rem)] overflow-y-auto" aria-label="Conversations">
              {shown.map((conversation) => (
                <ConversationListItem
                  key={`${conversation.shop.id}-${conversation.customer.id}`}
                  conversation={conversation}
                  isSelected={conversation === selected}
                  onOpen={() => navigate(conversationHref(conversation))}
                />
              ))}
              {shown.length === 0 && (
                <li className="p-6 text-center text-sm text-espresso-600">No conversations match.</li>
              )}
            </ul>
          )}
        </aside>
        <section className={cn('min-w-0 flex-col', target ? 'flex' : 'hidden md:flex')} aria-label="Chat">
          {target ? (
            <>
              <button
                type="button"
                className="self-start px-4 pt-3 text-sm text-espresso-700 underline md:hidden"
                onClick={() => navigate('/messages')}
              >
                ← All conversations
              </button>
              <ChatPanel key={`${target.shopId}-${target.customerId ?? 'me'}`} target={target} myId={myId} />
            </>
          ) : newShop.isLoading ? (
            <Spinner />
          ) : (
            <div className="flex h-[min(72vh,42rem)] min-h-[26rem] flex-col items-center justify-center gap-2 p-8 text-center text-espresso-600">
              <MessageCircle className="h-8 w-8 text-espresso-300" aria-hidden />
              {list.length === 0
                ? 'Your chats with coffee shops will show here.'
                : 'Choose a conversation to read it.'}
            </div>
          )}
        </section>
      </Card>
    </div>
  );
}
