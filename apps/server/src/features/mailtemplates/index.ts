// The mailtemplates feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { saveContactTemplate } from './contact-templates';
export { queueFlowMail, sendFlowMail, standardMailTemplate, templateFiles } from './flow-mail';
export { registerNoteWriter } from './mail-hooks';
export { saveMailTemplate } from './mail-templates';
export { flowMergeData } from './merge-data';
export { saveMessageTemplate } from './message-templates';
