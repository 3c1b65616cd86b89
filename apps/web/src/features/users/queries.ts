import type { RequestOf, User, zCreateUserRequest } from '@im/domain';
import { MAX_PAGE_SIZE } from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Paginated } from '../../ui/data-table/server-data-table';
import { CURRENT_USER_KEY } from '../auth';

export type UserRow = User;
export type CreateUserRequest = RequestOf<typeof zCreateUserRequest>;

export type UserSettingsUpdate = Partial<
  Pick<
    UserRow,
    | 'role'
    | 'user_type'
    | 'order'
    | 'module_blacklist'
    | 'hide_from_planning'
    | 'receives_newsletter'
    | 'simplemode'
    | 'altDashboard'
  >
> & { experimental_feature_flags?: string[] };

export const USERS_PATH = '/api/user/querypaginated';
const userKey = (id: number) => ['user', id] as const;

export function useUser(id: number) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: ({ signal }) => api.get<UserRow>(`/api/user/${id}`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return (companyId?: number) => {
    void queryClient.invalidateQueries({ queryKey: ['table', USERS_PATH] });
    void queryClient.invalidateQueries({ queryKey: ['users', 'newsletter'] });
    // The company lists count users.
    void queryClient.invalidateQueries({ queryKey: ['table', '/api/company/querypaginated'] });
    if (companyId) void queryClient.invalidateQueries({ queryKey: ['company', companyId] });
  };
}

export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.post<UserRow>('/api/user', body),
    onSuccess: (user) => refresh(user.company_id),
  });
}

export function useUpdateUserSettings(id: number) {
  const refresh = useRefreshUsers();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UserSettingsUpdate) => api.patch<UserRow>(`/api/user/${id}`, changes),
    onSuccess: (user) => {
      queryClient.setQueryData(userKey(id), user);
      refresh();
      // When it is the own user, role, modules and dashboard in the session change too.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}

export function useDeleteUser() {
  const refresh = useRefreshUsers();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<UserRow, 'id' | 'company_id'>) => api.delete(`/api/user/${user.id}`),
    onSuccess: (_answer, user) => {
      queryClient.removeQueries({ queryKey: userKey(user.id) });
      refresh(user.company_id);
    },
  });
}

/** Every e-mail address of users receiving the newsletter, over as many pages as it takes. */
export async function fetchNewsletterEmails(signal?: AbortSignal): Promise<string[]> {
  const emails: string[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = await api.get<Paginated<UserRow>>(USERS_PATH, {
      query: { receives_newsletter: true, limit: MAX_PAGE_SIZE, offset, sort: 'email' },
      signal,
    });
    emails.push(...page.data.map((u) => u.email));
    if (page.data.length === 0 || offset + MAX_PAGE_SIZE >= page.pagination.total) return emails;
  }
}

export function useNewsletterEmails() {
  return useQuery({
    queryKey: ['users', 'newsletter'],
    queryFn: ({ signal }) => fetchNewsletterEmails(signal),
  });
}
