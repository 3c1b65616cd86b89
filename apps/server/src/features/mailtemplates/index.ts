// The mailtemplates feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { queueFlowMail, sendFlowMail, standardMailTemplate, templateFiles } from './flow-mail';
export { registerNoteWriter } from './mail-hooks';
export { flowMergeData } from './merge-data';
export { saveContactTemplate, saveMailTemplate, saveMessageTemplate } from './templates';
