import { useContext } from 'react';

import { SessionContext, type SessionContextValue } from './session-context';

/** The current session and the actions that change it. Needs `<SessionProvider>` above. */
export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>.');
  return session;
}
