// The messages feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { createStaffMessage } from './create-staff-message';
export { moveMessagesOnMerge } from './move-messages-on-merge';
export { openConversation } from './open-conversation';
export { readStaffMessagesByCustomer, unreadStaffMessages } from './read-staff-messages';
export { insertCustomerMessage } from './save-message-by-customer';
export { updateMessage } from './update-message';
