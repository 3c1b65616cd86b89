export {
  CURRENT_USER_KEY,
  currentUserQuery,
  type SessionState,
  useClearSession,
  useLogout,
  useOptionalSession,
  useSession,
  useSessionState,
  useToken,
} from './queries';
export { authScreens } from './routes';
