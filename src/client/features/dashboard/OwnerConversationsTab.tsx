// The dashboard's Messages tab: each customer conversation with a 50-character preview and View Chat; an unread one
// (issue 32) says how many messages wait, with its preview in bold.
import { CONVERSATION_PREVIEW_LENGTH, type Conversation } from '@shared/api/messages';
import { conversationTimeLabel } from '@shared/domain/time-label';
import { Link } from 'wouter';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';

export function OwnerConversationsTab({ conversations }: { conversations: Conversation[] }) {
  if (conversations.length === 0) {
    return (
      <Card className="p-8 text-center text-espresso-600">
        No conversations yet. Conversations will appear here when customers message you.
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      {conversations.map((conversation) => (
        <Card
          key={`${conversation.shop.id}-${conversation.customer.id}`}
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="font-semibold">
              Customer Conversation{' '}
              <span className="font-normal text-espresso-600">· {conversation.customer.username}</span>
              {conversation.unreadCount > 0 && (
                <span className="ml-2 inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-red-50 px-2 align-middle text-xs font-semibold text-red-800">
                  <span aria-hidden className="h-2 w-2 rounded-full bg-red-700" />
                  {conversation.unreadCount} unread
                </span>
              )}
            </p>
            <p className="text-xs text-espresso-500">
              {conversation.shop.name} · {conversationTimeLabel(conversation.lastMessage.createdAt)}
            </p>
            <p
              className={cn(
                'truncate text-sm',
                conversation.unreadCount > 0 ? 'font-semibold text-espresso-950' : 'text-espresso-700',
              )}
            >
              {conversation.lastMessage.content.slice(0, CONVERSATION_PREVIEW_LENGTH)}
            </p>
          </div>
          <Button asChild size="sm" variant="outline" className="shrink-0">
            <Link href={`/messages?shop=${conversation.shop.id}&customer=${conversation.customer.id}`}>
              View Chat
            </Link>
          </Button>
        </Card>
      ))}
    </div>
  );
}
