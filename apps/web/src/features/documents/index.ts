export { FlowDocuments } from './components/flow-documents';
export { documentsScreens } from './routes';
