// What other features use: the e-mail settings screen shows the connection list.
export { WebhookConnectionsCard } from './components/webhook-connections-card';
