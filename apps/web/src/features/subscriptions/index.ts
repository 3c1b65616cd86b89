export { CompanySubscriptions } from './components/company-subscriptions';
export { subscriptionsScreens } from './routes';
