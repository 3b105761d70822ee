import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client.ts';
import { ROUTES } from '../../../lib/routes.ts';
import { useSession } from '../../../lib/session.ts';

/** docs/produto.md §2: call the server's logout, then leave for /login whatever happened; a failure is only logged. */
export const useLogout = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    try {
      await api.post('/logout');
    } catch (error) {
      console.error('[logout] falha ao encerrar a sessão no servidor', error);
    } finally {
      useSession.getState().clear();
      queryClient.clear();
      navigate(ROUTES.Login, { replace: true });
    }
  };
};
