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
  // A page loaded at /login paints with the panel already open: opening it after the first paint
  // pushed the whole page down (a layout shift of about 0.16 to 0.33).
  const [isOpen, setIsOpen] = useState(() => isLoginPath(window.location.pathname));
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

/** '/login' or '/login/': the address that opens the panel. */
export function isLoginPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/login';
}

export function useLoginPanel(): LoginPanelState {
  const state = use(LoginPanelContext);
  if (!state) throw new Error('useLoginPanel needs a LoginPanelProvider');
  return state;
}
