// Where a higher feature lets a lower one call it back (decision 047): a lower feature declares the hook,
// this file fills it once per process (createServer calls wireFeatures; calling it again changes nothing,
// so a process that builds several apps registers every hook once). Everything here runs inside the
// change's transaction; reactions after the commit go through domain events (workflow rules, webhooks,
// live updates, mails), never through this file.
import { registerDocumentKind } from './documents';
import {
  refreshFlowSearchText,
  registerFlowMergeStep,
  registerSalesUserChange,
  registerSentInvoiceCheck,
} from './flows';
import { moveFormsOnMerge } from './forms';
import { moveIncidentsOnMerge } from './incidents';
import { flowsWithSentInvoices, invoiceKind, relationsWithSentInvoices } from './invoices';
import { registerRelationLocationsChange } from './locations';
import { registerNoteWriter } from './mailtemplates';
import { moveMessagesOnMerge } from './messages';
import { moveNotificationsOnMerge } from './notifications';
import { movePicturesOnMerge } from './pictures';
import { createNote, moveIntakeTasks } from './planning';

let wired = false;

export function wireFeatures(): void {
  if (wired) return;
  wired = true;
  // A flow or relation with sent invoices is not deleted or cancelled (decision 009).
  registerSentInvoiceCheck({ flowsWithSentInvoices, relationsWithSentInvoices });
  // An invoice is a sales document of kind 'invoice' (decision 022): its own row, editable check, answer,
  // amounts, render part, sending, status change and payment link are the invoices feature's (the payment
  // link alone runs after the sending's commit, in its own transaction, best effort, as before).
  registerDocumentKind('invoice', invoiceKind);
  // A flow's new sales user takes its open intake tasks along when asked (save-flow's move_intake_tasks).
  registerSalesUserChange(moveIntakeTasks);
  // A relation's locations changed: its flows' search text holds the main address.
  registerRelationLocationsChange((tx, relationId) => refreshFlowSearchText(tx, { relationId }));
  // A contact moment registered from a contact template is a note on the flow.
  registerNoteWriter(createNote);
  // A merge moves the source flow's records to the target, in the merge's transaction, in this order.
  registerFlowMergeStep(movePicturesOnMerge);
  registerFlowMergeStep(moveFormsOnMerge);
  registerFlowMergeStep(moveIncidentsOnMerge);
  registerFlowMergeStep(moveMessagesOnMerge);
  registerFlowMergeStep(moveNotificationsOnMerge);
}
