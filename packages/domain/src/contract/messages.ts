// The API contract of messages, the communicator and notifications (spec 001 sections 3–7,
// decision 019): written once for server and web.
import { z } from 'zod';
import { DASHBOARD_MESSAGE_FILTERS } from '../dashboard';
import {
  COMMUNICATOR_FILTERS,
  COMMUNICATOR_PAGE,
  CONVERSATION_STATES,
  HISTORIC_STEP,
  MAX_COMMUNICATOR_FLOWS,
  MAX_MESSAGE_LENGTH,
  MESSAGE_ASSIGNEES,
  MESSAGE_STATUSES,
  MESSAGE_TEXTS,
  NOTIFIABLE_TYPES,
  NOTIFICATION_CLASSES,
  NOTIFICATION_DROPDOWN_SIZE,
  NOTIFICATION_STATUSES,
  SHOW_ALL,
} from '../messages';
import { zId } from './common';

export const zMessageStatus = z.enum(MESSAGE_STATUSES);
/** assigned_to on the wire: office, project, or null / '' (sales). */
export const zMessageAssignee = z
  .union([z.enum(MESSAGE_ASSIGNEES), z.literal(''), z.null()])
  .transform((v) => (v === '' ? null : v));

const zContent = z
  .string({ message: MESSAGE_TEXTS.empty })
  .trim()
  .min(1, MESSAGE_TEXTS.empty)
  .max(MAX_MESSAGE_LENGTH, MESSAGE_TEXTS.tooLong);

/** A message of a flow's conversation. `sendable_type` relation: written by the customer. */
export const zFlowMessage = z.object({
  id: z.number().int(),
  flow_id: z.number().int(),
  relation_id: z.number().int().nullable(),
  messageable_type: z.string(),
  messageable_id: z.number().int(),
  sendable_type: z.enum(['user', 'relation']),
  sendable_id: z.number().int(),
  receiveable_type: z.enum(['user', 'relation']),
  receiveable_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  /** The staff author's full name, or the relation's name for a customer's message. */
  author_name: z.string(),
  content: z.string(),
  status: zMessageStatus,
  assigned_to: z.enum(MESSAGE_ASSIGNEES).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FlowMessage = z.infer<typeof zFlowMessage>;

/** GET /api/message?flow_id: the conversation as this user may see it, oldest first. */
export const zMessageListQuery = z.object({ flow_id: zId });
export const zFlowConversation = z.object({
  flow_id: z.number().int(),
  state: z.enum(CONVERSATION_STATES),
  messages: z.array(zFlowMessage),
});
export type FlowConversationAnswer = z.infer<typeof zFlowConversation>;

/** POST /api/message: a staff message to the flow's customer; sent only with content. */
export const zCreateMessage = z.object({
  flow_id: zId,
  content: zContent,
  assigned_to: zMessageAssignee.optional(),
});
export type CreateMessage = z.infer<typeof zCreateMessage>;
export type CreateMessageInput = z.input<typeof zCreateMessage>;

/** PATCH /api/message/{id}: switch the status by hand, reassign, or correct one's own text. */
export const zUpdateMessage = z
  .object({
    status: zMessageStatus.optional(),
    assigned_to: zMessageAssignee.optional(),
    content: zContent.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Geef iets om te wijzigen.' });
export type UpdateMessage = z.infer<typeof zUpdateMessage>;
export type UpdateMessageInput = z.input<typeof zUpdateMessage>;

/** GET /api/user/getcommunicatormessages (number, status): flows with messages, newest first. */
export const zCommunicatorQuery = z.object({
  number: z.coerce.number().int().min(1).max(MAX_COMMUNICATOR_FLOWS).default(COMMUNICATOR_PAGE),
  status: z.enum(COMMUNICATOR_FILTERS).default('all'),
  /** allforme (the dashboard's default): only flows the user handles (sales, office or project). */
  scope: z.enum(DASHBOARD_MESSAGE_FILTERS).default('all'),
});
export type CommunicatorQuery = z.input<typeof zCommunicatorQuery>;

export const zCommunicatorFlow = z.object({
  flow_id: z.number().int(),
  flow_number: z.number().int(),
  flow_description: z.string(),
  relation_id: z.number().int().nullable(),
  relation_name: z.string(),
  state: z.enum(CONVERSATION_STATES),
  unread_count: z.number().int(),
  unanswered_count: z.number().int(),
  message_count: z.number().int(),
  last_message_at: z.string(),
  /** The newest message, shortened to 128 characters. */
  last_message: z.object({
    id: z.number().int(),
    content: z.string(),
    sendable_type: z.enum(['user', 'relation']),
    author_name: z.string(),
  }),
});
export type CommunicatorFlow = z.infer<typeof zCommunicatorFlow>;
/** `has_more`: another `number` + 50 would show more flows. */
export const zCommunicatorPage = z.object({ data: z.array(zCommunicatorFlow), has_more: z.boolean() });
export type CommunicatorPage = z.infer<typeof zCommunicatorPage>;

/** GET /api/user/getcommunicatorcounts: flows waiting for an answer, each count capped at 100. */
export const zCommunicatorCounts = z.object({ unread: z.number().int(), unanswered: z.number().int() });
export type CommunicatorCounts = z.infer<typeof zCommunicatorCounts>;

/** POST /api/flow/{id}/markanswered: the customer's unread and unanswered messages become read. */
export const zMarkAnswered = z.object({ message: z.string(), updated: z.number().int() });

// ---------------------------------------------------------------- customer side (by flow hash)

export const zFlowHashParams = z.object({ hash: z.string().min(16).max(64) });
export const zSaveMessageByCustomer = z.object({ content: zContent });
export const zCustomerMessage = z.object({
  id: z.number().int(),
  content: z.string(),
  /** company: written by the installer's staff; customer: by the customer. */
  from: z.enum(['company', 'customer']),
  author_name: z.string(),
  created_at: z.string(),
});
export type CustomerMessage = z.infer<typeof zCustomerMessage>;

// ---------------------------------------------------------------- notifications

export const zNotification = z.object({
  id: z.number().int(),
  status: z.enum(NOTIFICATION_STATUSES),
  notification_class: z.enum(NOTIFICATION_CLASSES),
  notifiable_type: z.enum(NOTIFIABLE_TYPES),
  notifiable_id: z.number().int(),
  flow_id: z.number().int().nullable(),
  flow_number: z.number().int().nullable(),
  content: z.string(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof zNotification>;

/** GET /api/user/getdashboardnotifications: the newest unread ones and the unread count (capped at 100). */
export const zNotificationDropdownQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_DROPDOWN_SIZE),
});
export const zNotificationDropdown = z.object({
  unread_count: z.number().int(),
  items: z.array(zNotification),
});
export type NotificationDropdown = z.infer<typeof zNotificationDropdown>;

/** GET /api/notification/indexondate/{date}: a day's notifications and the ones before it (grow by 5, or all). */
export const zNotificationDateParams = z.object({
  date: z.iso.date({ message: 'Vul een geldige datum in (JJJJ-MM-DD).' }),
});
export const zNotificationDayQuery = z.object({
  filter: z.enum(['all', 'unread']).default('all'),
  historic: z.coerce.number().int().min(0).max(SHOW_ALL).default(HISTORIC_STEP),
});
export type NotificationDayQuery = z.input<typeof zNotificationDayQuery>;
export const zNotificationDay = z.object({
  date: z.string(),
  items: z.array(zNotification),
  historic: z.object({ data: z.array(zNotification), has_more: z.boolean() }),
});
export type NotificationDay = z.infer<typeof zNotificationDay>;

export const zUpdateNotification = z.object({ status: z.enum(NOTIFICATION_STATUSES) });
