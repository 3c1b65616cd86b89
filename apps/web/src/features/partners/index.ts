export { SetPartnerModal } from './modals/set-partner.modal';
export { partnersScreens } from './routes';
