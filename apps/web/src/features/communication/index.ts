import { registerTopBarItem } from '../../ui/top-bar-slots';
import { CommunicatorTopBarItem, NotificationTopBarItem } from './components/top-bar';

// Importing the feature plugs the communicator count and the notification menu into the top bar.
registerTopBarItem(CommunicatorTopBarItem, 10);
registerTopBarItem(NotificationTopBarItem, 20);

export { Conversation } from './components/conversation';
export { DashboardMessages } from './components/dashboard-messages';
export { DashboardNotifications } from './components/dashboard-notifications';
export { FlowMailModal } from './components/flow-mail.modal';
export { FlowMails } from './components/flow-mails';
export { ConversationStateBadge } from './components/message-state-badge';
export { WhatsAppLink } from './components/whatsapp-link';
