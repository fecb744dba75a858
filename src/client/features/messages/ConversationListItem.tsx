// One row of the conversation list: avatar, who, time label and a 50-character preview of the last message; an unread
// conversation (issue 32) has a dot, its count for a screen reader, and its name and preview in bold.
import { CONVERSATION_PREVIEW_LENGTH, type Conversation } from '@shared/api/messages';
import { conversationTimeLabel } from '@shared/domain/time-label';
import { ShopImage } from '../../components/ShopImage';
import { cn } from '../../ui/cn';

export function ConversationListItem({
  conversation,
  isSelected,
  onOpen,
}: {
  conversation: Conversation;
  isSelected: boolean;
  onOpen: () => void;
}) {
  const isOwnerView = conversation.myRole === 'shop';
  const unread = conversation.unreadCount;
  const who = isOwnerView ? conversation.customer.username : conversation.shop.name;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={isSelected ? 'true' : undefined}
        className={cn(
          'flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-espresso-50 focus-visible:bg-espresso-50 focus-visible:outline-none',
          isSelected && 'bg-espresso-100 hover:bg-espresso-100',
        )}
      >
        <ShopImage
          shop={conversation.shop}
          className="h-11 w-11 shrink-0 rounded-full [&_svg]:h-5 [&_svg]:w-5"
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate', unread > 0 ? 'font-bold text-espresso-950' : 'font-semibold')}>
              {unread > 0 ? (
                // One phrase for a screen reader: a visible name and a hidden count would read 'Truth , 2 unread'.
                <>
                  <span aria-hidden>{who}</span>
                  <span className="sr-only">
                    {who}, {unread} unread
                  </span>
                </>
              ) : (
                who
              )}
            </span>
            <span className="flex shrink-0 items-center gap-1.5 text-xs text-espresso-700">
              {conversationTimeLabel(conversation.lastMessage.createdAt)}
              {unread > 0 && (
                <span aria-hidden data-testid="unread-dot" className="h-2.5 w-2.5 rounded-full bg-red-700" />
              )}
            </span>
          </span>
          {isOwnerView && (
            <span className="block truncate text-xs text-espresso-700">{conversation.shop.name}</span>
          )}
          <span
            className={cn(
              'block truncate text-sm',
              unread > 0 ? 'font-semibold text-espresso-950' : 'text-espresso-600',
            )}
          >
            {conversation.lastMessage.content.slice(0, CONVERSATION_PREVIEW_LENGTH)}
          </span>
        </span>
      </button>
    </li>
  );
}
