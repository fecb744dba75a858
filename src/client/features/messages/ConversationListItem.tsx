// One row of the conversation list: avatar, who, time label and a 50-character preview of the last message.
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
            <span className="truncate font-semibold">
              {isOwnerView ? conversation.customer.username : conversation.shop.name}
            </span>
            <span className="shrink-0 text-xs text-espresso-500">
              {conversationTimeLabel(conversation.lastMessage.createdAt)}
            </span>
          </span>
          {isOwnerView && (
            <span className="block truncate text-xs text-espresso-500">{conversation.shop.name}</span>
          )}
          <span className="block truncate text-sm text-espresso-600">
            {conversation.lastMessage.content.slice(0, CONVERSATION_PREVIEW_LENGTH)}
          </span>
        </span>
      </button>
    </li>
  );
}
