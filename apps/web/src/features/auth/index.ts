export {
  type AuthAnswer,
  CURRENT_USER_KEY,
  currentUserQuery,
  rememberLogin,
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
