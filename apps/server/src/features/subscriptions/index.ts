// The subscriptions feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export { companySubscriptions } from './list-subscriptions';
export { createSubscription } from './save-subscription';
export { createSubscriptionType } from './subscription-types';
