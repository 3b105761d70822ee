import type { SessionUser } from '@cobranca/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

type SessionState = {
  token: string | null;
  user: SessionUser | null;
  signIn: (token: string, user: SessionUser) => void;
  clear: () => void;
};

/** The signed-in session, kept in localStorage (docs/produto.md §2); cleared on logout and on any 401. */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      signIn: (token, user) => set({ token, user }),
      clear: () => set({ token: null, user: null }),
    }),
    {
      name: 'cobranca.sessao',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user }) => ({ token, user }),
    },
  ),
);

export const selectIsAuthenticated = (state: SessionState) => state.token !== null && state.user !== null;
/** The role as stored: may be anything if storage was tampered with, so guards check it. */
export const selectUserRole = (state: SessionState): string | null => state.user?.role ?? null;
