import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { CURRENT_USER_KEY } from '../auth';

/** GET /api/user/{id}: the user fields of spec 000 section 3 that the profile screen uses. */
export interface UserDetails {
  id: number;
  name: string;
  nameprefix: string | null;
  surname: string;
  email: string;
  role: number;
  user_type: string;
  simplemode: number;
}

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

export interface PasswordChange {
  oldpassword: string;
  password: string;
  password_confirmation: string;
}

export function useUpdatePassword(id: number) {
  return useMutation({
    mutationFn: (body: PasswordChange) => api.post(`/api/user/${id}/updatepassword`, body),
  });
}
