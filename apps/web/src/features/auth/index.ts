export {
  CURRENT_USER_KEY,
  currentUserQuery,
  type SessionState,
  useAdminLogin,
  useClearSession,
  useHomeRequest,
  useLogout,
  useSession,
  useSessionState,
  useToken,
} from './queries';
export { authScreens } from './routes';
