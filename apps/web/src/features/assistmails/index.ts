export { AssistMailsCard } from './components/assist-mails-card';
