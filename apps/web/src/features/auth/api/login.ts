import type { LoginBody, LoginResponse } from '@cobranca/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

export const login = (credentials: LoginBody) => api.post<LoginResponse>('/login', credentials);

/** Signing in only stores the session; the guest guard then sends the user on. */
export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => useSession.getState().signIn(token, user),
  });
