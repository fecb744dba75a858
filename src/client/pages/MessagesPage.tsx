// Messages (/messages?shop={id}): conversation list with search on the left, the chat on the right (spec §2).

import { CONVERSATION_PREVIEW_LENGTH, type Conversation } from '@shared/api/messages';
import type { Shop } from '@shared/api/shops';
import { conversationTimeLabel } from '@shared/domain/time-label';
import { useQuery } from '@tanstack/react-query';
import { Lock, MessageCircle, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PageShell } from '../components/PageShell';
import { Prompt } from '../components/Prompt';
import { ShopImage } from '../components/ShopImage';
import { ChatPanel, type ChatTarget } from '../features/messages/ChatPanel';
import { useConversations } from '../features/messages/queries';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { cn } from '../ui/cn';
import { Input } from '../ui/Input';
import { Spinner } from '../ui/Spinner';

function targetOf(conversation: Conversation): ChatTarget {
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

function MessagesContent({ myId }: { myId: number }) {
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
  const newShop = useQuery<Shop>({
    queryKey: ['/api/coffee-shops', shopParam],
    enabled: shopParam !== null && !selected && !customerParam && conversations.isSuccess,
  });
  const target: ChatTarget | null = selected
    ? targetOf(selected)
    : newShop.data && newShop.data.ownerId !== myId
      ? {
          shopId: newShop.data.id,
          receiverId: newShop.data.ownerId,
          title: newShop.data.name,
          subtitle: 'Start the conversation',
        }
      : null;

  const term = search.trim().toLowerCase();
  const shown = list.filter(
    (conversation) =>
      !term ||
      conversation.shop.name.toLowerCase().includes(term) ||
      (conversation.myRole === 'shop' && conversation.customer.username.toLowerCase().includes(term)),
  );

  if (conversations.isLoading) return <Spinner label="Loading conversations..." />;
  if (list.length === 0 && !shopParam) {
    return (
      <Prompt
        icon={<MessageCircle className="h-6 w-6" />}
        title="No conversations yet"
        text="Find a coffee shop and start chatting."
      >
        <Button asChild>
          <Link href="/discover">Discover Coffee Shops</Link>
        </Button>
      </Prompt>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 font-display text-3xl font-bold">Messages</h1>
      <Card className="grid overflow-hidden md:grid-cols-[320px_1fr]">
        <aside className={cn('border-espresso-100 md:border-r', target && 'hidden md:block')}>
          <div className="border-b border-espresso-100 p-3">
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-espresso-400"
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
          <ul className="max-h-[32rem] overflow-y-auto" aria-label="Conversations">
            {shown.map((conversation) => {
              const isSelected = conversation === selected;
              const href =
                conversation.myRole === 'shop'
                  ? `/messages?shop=${conversation.shop.id}&customer=${conversation.customer.id}`
                  : `/messages?shop=${conversation.shop.id}`;
              return (
                <li key={`${conversation.shop.id}-${conversation.customer.id}`}>
                  <button
                    type="button"
                    onClick={() => navigate(href)}
                    className={cn(
                      'flex w-full gap-3 px-4 py-3 text-left hover:bg-espresso-50',
                      isSelected && 'bg-espresso-100',
                    )}
                  >
                    <ShopImage
                      shop={conversation.shop}
                      className="h-11 w-11 shrink-0 rounded-full [&_svg]:h-5 [&_svg]:w-5"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className="truncate font-semibold">
                          {conversation.myRole === 'shop'
                            ? conversation.customer.username
                            : conversation.shop.name}
                        </span>
                        <span className="shrink-0 text-xs text-espresso-500">
                          {conversationTimeLabel(conversation.lastMessage.createdAt)}
                        </span>
                      </span>
                      {conversation.myRole === 'shop' && (
                        <span className="block truncate text-xs text-espresso-500">
                          {conversation.shop.name}
                        </span>
                      )}
                      <span className="block truncate text-sm text-espresso-600">
                        {conversation.lastMessage.content.slice(0, CONVERSATION_PREVIEW_LENGTH)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
            {shown.length === 0 && (
              <li className="p-6 text-center text-sm text-espresso-600">No conversations match.</li>
            )}
          </ul>
        </aside>
        <section className={cn(!target && 'hidden md:block')}>
          {target ? (
            <>
              <button
                type="button"
                className="px-4 pt-3 text-sm text-espresso-700 underline md:hidden"
                onClick={() => navigate('/messages')}
              >
                ← All conversations
              </button>
              <ChatPanel key={`${target.shopId}-${target.customerId ?? 'me'}`} target={target} myId={myId} />
            </>
          ) : newShop.isLoading ? (
            <Spinner />
          ) : (
            <div className="flex h-full min-h-[28rem] items-center justify-center p-8 text-center text-espresso-600">
              Choose a conversation to read it.
            </div>
          )}
        </section>
      </Card>
    </div>
  );
}

export function MessagesPage() {
  const { user, isLoading } = useAuth();
  return (
    <PageShell>
      {isLoading ? (
        <Spinner />
      ) : user ? (
        <MessagesContent myId={user.id} />
      ) : (
        <Prompt
          icon={<Lock className="h-6 w-6" />}
          title="Sign In Required"
          text="Please sign in to chat with coffee shops."
        >
          <Button asChild>
            <Link href="/login">Sign In</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/register">Create Account</Link>
          </Button>
        </Prompt>
      )}
    </PageShell>
  );
}
