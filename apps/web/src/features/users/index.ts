export { LoginAsIcon } from './components/login-as-button';
export { UsersTable } from './components/users-table';
export { CreateUserModal } from './modals/create-user.modal';
export { usersScreens } from './routes';
