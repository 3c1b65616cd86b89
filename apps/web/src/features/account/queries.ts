import type { PasswordChange, User } from '@im/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { CURRENT_USER_KEY } from '../auth';

export type { PasswordChange };
export type UserDetails = User;

export type UserUpdate = Partial<
  Pick<UserDetails, 'name' | 'nameprefix' | 'surname' | 'email' | 'simplemode'>
>;

const userKey = (id: number) => ['user', id] as const;

export function useUser(id: number) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: ({ signal }) => api.get<UserDetails>(`/api/user/${id}`, { signal }),
  });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UserUpdate) => api.patch<UserDetails>(`/api/user/${id}`, changes),
    onSuccess: (user) => {
      queryClient.setQueryData(userKey(id), user);
      // Name, e-mail and simple mode are part of the session data too.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });
}

export function useUpdatePassword(id: number) {
  return useMutation({
    mutationFn: (body: PasswordChange) => api.post(`/api/user/${id}/updatepassword`, body),
  });
}
