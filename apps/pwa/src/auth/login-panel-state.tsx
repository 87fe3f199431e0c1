import { createContext, use, useMemo, useState, type ReactNode } from 'react';

export interface LoginPanelState {
  isOpen: boolean;
  open(): void;
  close(): void;
  toggle(): void;
}

const LoginPanelContext = createContext<LoginPanelState | null>(null);

/** Whether the header's login panel is open; /login opens it, the header button toggles it. */
export function LoginPanelProvider({ children }: { children: ReactNode }) {
  // Open from the first render on /login: opened after the page showed, the panel pushed the
  // page down as it unfolded (a layout shift of 0.12-0.33, Lighthouse's limit is 0.1).
  const [isOpen, setIsOpen] = useState(() => window.location.pathname.replace(/\/$/, '') === '/login');
  // Stable actions: /login opens the panel once on entry, not again each time it is closed.
  const actions = useMemo(
    () => ({
      open: () => setIsOpen(true),
      close: () => setIsOpen(false),
      toggle: () => setIsOpen((wasOpen) => !wasOpen),
    }),
    [],
  );
  const value = useMemo(() => ({ isOpen, ...actions }), [isOpen, actions]);
  return <LoginPanelContext value={value}>{children}</LoginPanelContext>;
}

export function useLoginPanel(): LoginPanelState {
  const state = use(LoginPanelContext);
  if (!state) throw new Error('useLoginPanel needs a LoginPanelProvider');
  return state;
}
