export { WebsitesCard } from './components/websites-card';
