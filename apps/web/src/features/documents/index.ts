export { SandboxedSheet, sheetScale } from './components/document-preview';
export { DocumentStatusBadge } from './components/document-status-badge';
export { FlowDocuments } from './components/flow-documents';
export { documentsScreens } from './routes';
