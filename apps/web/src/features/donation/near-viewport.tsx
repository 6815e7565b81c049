import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once this spot comes into the viewport. The lists
 * below the form (Recent Support, Top Supporters) load this way: on a phone they sit below the
 * fold, and their code and data should not compete with the form a fan came to use.
 */
export function NearViewport({ children }: { children: ReactNode }) {
  const marker = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    const element = marker.current;
    if (!element || isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);

  if (!isNear) return <div ref={marker} />;
  return <Suspense fallback={null}>{children}</Suspense>;
}
