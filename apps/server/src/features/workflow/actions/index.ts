// The action executors of workflow rules, one per action type (the engine imports only ACTION_EXECUTORS).
// A use-case's refusal (an AppError: 409, 422, 404) becomes an ActionFailure with the same Dutch text.
import type { ActionType } from '@im/domain';
import { refusalsAsFailures } from './common';
import {
  assistMailAction,
  createNotification,
  sendEmail,
  sendEmailToUser,
  sendMessage,
  sendWebhook,
} from './communication-actions';
import {
  createConfirmation,
  createDocumentAction,
  createIntakeAction,
  createQuotation,
  finishProject,
  startProject,
} from './document-actions';
import {
  addFlowTags,
  changeAppointmentDescription,
  changeExecutionHandler,
  changeFlowDescription,
  changeFlowprofile,
  changeHandler,
  changeOfficeHandler,
  changeStatus,
  changeSubstatus,
  removeFlowTags,
} from './flow-actions';
import { sendPaymentNoticeAction, sendPaymentReminderAction } from './invoice-actions';
import {
  createActionAction,
  createAppointment,
  createNoteAction,
  createTaskAction,
  deleteActions,
  deleteAgendaitems,
  deleteDelayedRules,
} from './planning-actions';
import type { ActionExecutor, ActionExecutors } from './types';

export { type ActionContext, type ActionExecutor, type ActionExecutors, ActionFailure } from './types';

const executors: ActionExecutors = {
  change_status: changeStatus,
  change_substatus: changeSubstatus,
  change_flowprofile: changeFlowprofile,
  change_handler: changeHandler,
  change_office_handler: changeOfficeHandler,
  change_execution_handler: changeExecutionHandler,
  change_flow_description: changeFlowDescription,
  change_appointment_description: changeAppointmentDescription,
  add_flow_tags: addFlowTags,
  remove_flow_tags: removeFlowTags,
  start_project: startProject,
  finish_project: finishProject,
  create_intake: createIntakeAction,
  create_quotation: createQuotation,
  create_confirmation: createConfirmation,
  create_document: createDocumentAction,
  create_appointment: createAppointment,
  create_task: createTaskAction,
  create_note: createNoteAction,
  delete_actions: deleteActions,
  delete_agendaitems: deleteAgendaitems,
  delete_delayed_rules: deleteDelayedRules,
  create_notification: createNotification,
  create_action: createActionAction,
  send_email: sendEmail,
  send_email_to_user: sendEmailToUser,
  send_message: sendMessage,
  send_webhook: sendWebhook,
  assist_mail: assistMailAction,
  send_payment_reminder: sendPaymentReminderAction,
  send_payment_notice: sendPaymentNoticeAction,
};

export const ACTION_EXECUTORS: ActionExecutors = Object.fromEntries(
  Object.entries(executors).map(([type, run]) => [type, refusalsAsFailures(run as ActionExecutor)]),
) as Record<ActionType, ActionExecutor>;
