import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';

import { Button } from '../../../components/ui/button';
import { AUTH_TEXT } from '../auth.constants';

/**
 * True when the browser history holds an earlier page of this app. React Router numbers its
 * entries in `history.state.idx` (0 for the first page of the visit; a redirect that replaces
 * an entry keeps its number), which `useLocation` does not expose.
 */
function hasInAppHistory(): boolean {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return false;
  return typeof state.idx === 'number' && state.idx > 0;
}

/** Spec 01 §2: back to the previous page; home when /auth was the first page of the visit. */
export function BackButton() {
  const navigate = useNavigate();

  const handleBack = () => {
    if (hasInAppHistory()) void navigate(-1);
    else void navigate('/');
  };

  return (
    <Button variant="ghost" size="sm" onClick={handleBack} className="-ml-2 self-start">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {AUTH_TEXT.back}
    </Button>
  );
}
