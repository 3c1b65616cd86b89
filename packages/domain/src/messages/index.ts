// Messages and notifications (spec 001 sections 3, 4, 6, 9; decision 019): the rules server and
// web share.
import { ROLE } from '../roles';

export const MESSAGE_STATUSES = ['unread', 'unanswered', 'read'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Labels of spec 001 section 4. */
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  unread: 'ongelezen',
  unanswered: 'onbeantwoord',
  read: 'gelezen',
};

export const MESSAGE_ASSIGNEES = ['office', 'project'] as const;
export type MessageAssignee = (typeof MESSAGE_ASSIGNEES)[number];

/** assigned_to labels of spec 001 section 6: project is uitvoering, office is backoffice, otherwise sales. */
export function assigneeLabel(assignedTo: MessageAssignee | null): string {
  if (assignedTo === 'project') return 'uitvoering';
  if (assignedTo === 'office') return 'backoffice';
  return 'sales';
}

/** The communicator's state of a flow's conversation; a customer's unread message wins over unanswered. */
export const CONVERSATION_STATES = ['read', 'unanswered', 'unread'] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];
export const COMMUNICATOR_FILTERS = ['all', 'unread', 'unanswered', 'read'] as const;
export type CommunicatorFilter = (typeof COMMUNICATOR_FILTERS)[number];

export function conversationState(counts: { unread: number; unanswered: number }): ConversationState {
  if (counts.unread > 0) return 'unread';
  if (counts.unanswered > 0) return 'unanswered';
  return 'read';
}

/** Spec 001 section 9: the communicator loads 50 flows and grows by 50. */
export const COMMUNICATOR_PAGE = 50;
export const MAX_COMMUNICATOR_FLOWS = 5000;
/** Spec 001 section 2: message and incident content are shortened to 128 characters in lists. */
export const MESSAGE_PREVIEW_LENGTH = 128;
export const MAX_MESSAGE_LENGTH = 10_000;
/** Counts in the top bar stop here ("99+"), so a huge backlog never makes the bar slow. */
export const TOP_BAR_COUNT_CAP = 100;

export const MESSAGE_TEXTS = {
  notFound: 'Bericht niet gevonden.',
  empty: 'Een bericht wordt alleen verstuurd met inhoud.',
  tooLong: `Een bericht is hoogstens ${MAX_MESSAGE_LENGTH} tekens.`,
  deleted: 'Bericht verwijderd.',
  flowGone: 'Uw dossier is niet meer beschikbaar. Neem a.u.b. contact op.',
  flowUnknown: 'Dit dossier kan niet worden gevonden. Neem a.u.b. contact op.',
  markedAnswered: 'Berichten gemarkeerd als beantwoord.',
} as const;

/**
 * A message is about the flow's customer: may this staff user see it? (decision 019)
 * Managers (role 1000 and up) see every message. Others see a message they wrote themselves, or one
 * whose responsible user they are: assigned_to office -> the flow's office user, project -> its
 * project user, otherwise the handler (sales user); when that user is not set, the handler answers,
 * and a flow with no handler, office or project user is open to everyone.
 */
export function mayStaffSeeMessage(
  viewer: { userId: number; role: number },
  flow: { userId: number | null; officeUserId: number | null; projectUserId: number | null },
  message: { assignedTo: MessageAssignee | null; userId: number | null },
): boolean {
  if (viewer.role >= ROLE.MANAGER) return true;
  if (message.userId === viewer.userId) return true;
  const responsible = responsibleUserId(flow, message.assignedTo);
  if (responsible === null)
    return flow.userId === null && flow.officeUserId === null && flow.projectUserId === null;
  return responsible === viewer.userId;
}

/** The user who answers a message with this assigned_to on this flow (null: nobody set). */
export function responsibleUserId(
  flow: { userId: number | null; officeUserId: number | null; projectUserId: number | null },
  assignedTo: MessageAssignee | null,
): number | null {
  if (assignedTo === 'office' && flow.officeUserId !== null) return flow.officeUserId;
  if (assignedTo === 'project' && flow.projectUserId !== null) return flow.projectUserId;
  return flow.userId;
}

/**
 * WhatsApp link for a Dutch phone number (spec 001): digits only, leading zeros stripped, a number
 * that then starts with 6 (a mobile number) becomes 316...; null when no digits are left.
 */
export function whatsappLink(phone: string): string | null {
  let digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return null;
  if (digits.startsWith('6')) digits = `31${digits}`;
  return `https://wa.me/${digits}`;
}

// ---------------------------------------------------------------- notifications

export const NOTIFICATION_STATUSES = ['unread', 'read'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = {
  unread: 'Ongelezen',
  read: 'Gelezen',
};
export const NOTIFIABLE_TYPES = ['flow', 'message', 'quotation', 'invoice', 'incident'] as const;
export type NotifiableType = (typeof NOTIFIABLE_TYPES)[number];
export const NOTIFICATION_CLASSES = ['user', 'customer'] as const;
/** Spec 000 section 9: historic lists grow by 5 at a time or show all (99999). */
export const HISTORIC_STEP = 5;
export const SHOW_ALL = 99_999;
export const NOTIFICATION_DROPDOWN_SIZE = 10;
export const NOTIFICATION_TEXTS = {
  notFound: 'Notificatie niet gevonden.',
  allRead: 'Alle notificaties zijn gelezen.',
  newCustomerMessage: (relation: string, flowNumber: number) =>
    `Nieuw bericht van ${relation} in dossier ${flowNumber}`,
  newStaffMessage: 'U heeft een nieuw bericht ontvangen.',
  assigned: (label: string, flowNumber: number) => `Bericht in dossier ${flowNumber} toegewezen aan ${label}`,
} as const;

/**
 * A staff message mails the customer (with the dossier link), at most once per conversation in this
 * many minutes: a quick exchange of messages is one mail, not one per message (decision 036).
 */
export const CUSTOMER_MESSAGE_MAIL_MINUTES = 15;
