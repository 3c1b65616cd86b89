// The messages feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export {
  createStaffMessage,
  insertCustomerMessage,
  moveMessagesOnMerge,
  openConversation,
  readStaffMessagesByCustomer,
  unreadStaffMessages,
  updateMessage,
} from './messages';
