export {
  CURRENT_USER_KEY,
  currentUserQuery,
  type SessionState,
  useClearSession,
  useLogout,
  useSession,
  useSessionState,
  useToken,
} from './queries';
export { authScreens } from './routes';
