// The top-bar items are plugged in by wiring.ts, which the app shell imports.
export { Conversation } from './components/conversation';
export { DashboardMessages } from './components/dashboard-messages';
export { DashboardNotifications } from './components/dashboard-notifications';
export { FlowMailModal } from './components/flow-mail.modal';
export { FlowMails } from './components/flow-mails';
export { ConversationStateBadge } from './components/message-state-badge';
export { WhatsAppLink } from './components/whatsapp-link';
