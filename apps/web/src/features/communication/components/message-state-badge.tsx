import { type ConversationState, MESSAGE_STATUS_LABELS, type MessageStatus } from '@im/domain';
import { Badge } from '@mantine/core';
import { useConversation } from '../queries';

// Dark shades: white text on them meets WCAG AA.
const COLORS: Record<MessageStatus, string> = { unread: 'red.9', unanswered: '#b34a0c', read: 'gray' };

/** ongelezen / onbeantwoord / gelezen: of one message, or of a flow's conversation. */
export function MessageStateBadge({
  state,
  size = 'sm',
}: {
  state: MessageStatus | ConversationState;
  size?: 'xs' | 'sm';
}) {
  return (
    <Badge color={COLORS[state]} variant={state === 'read' ? 'light' : 'filled'} size={size}>
      {MESSAGE_STATUS_LABELS[state]}
    </Badge>
  );
}

/**
 * The flag of a flow whose customer waits (unread or unanswered), for the flow detail's tab. Loading
 * the conversation is opening the dossier: unread customer messages become unanswered (spec 001 section 4).
 */
export function ConversationStateBadge({ flowId }: { flowId: number }) {
  const conversation = useConversation(flowId);
  const state = conversation.data?.state;
  if (!state || state === 'read') return null;
  return <MessageStateBadge state={state} size="xs" />;
}
