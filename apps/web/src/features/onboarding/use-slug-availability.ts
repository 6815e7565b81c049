import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useSession } from '../auth/use-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { fetchSlugAvailability } from './onboarding.api';

/** Typing pauses this long before the address is checked, so each keystroke is not a request. */
const CHECK_DELAY_MS = 300;

/**
 * The live check of the address being typed: the server's answer for the value the creator
 * stopped at (format, reserved words, taken), or pending while they type or it loads.
 */
export function useSlugAvailability(slug: string) {
  const { user, token } = useSession();
  const [settled, setSettled] = useState(slug);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(slug), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [slug]);

  const query = useQuery({
    queryKey: viewerQueryKey(user?.id, 'slug-availability', settled),
    queryFn:
      token && settled ? ({ signal }) => fetchSlugAvailability(settled, token, signal) : skipToken,
    staleTime: 10_000,
  });
  const isCurrent = settled === slug && query.data?.slug === slug.trim();
  return {
    availability: isCurrent ? query.data : undefined,
    isChecking: !isCurrent && slug !== '',
  };
}
