import './app.css';

import { languageOfPath } from '@shabaash/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useNavigate,
  useRouteError,
} from 'react-router';
import type { LinksFunction, MetaFunction } from 'react-router';

import { Spinner } from './components/ui/spinner';
import { SessionProvider } from './features/auth/session-provider';
import { ErrorPage } from './features/errors/error-page';
import { NotFoundPage } from './features/errors/not-found-page';
import { addEmojiFace } from './fonts/emoji-face';
import { pageMeta } from './lib/meta';
import { PageNavigationContext } from './lib/page-navigation';
import { LazyToaster } from './lib/lazy-toast';
import { createQueryClient } from './lib/query-client';

export const meta: MetaFunction = () => pageMeta();

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * The HTML document around every page, error screen and the SPA fallback. `lang` is the
 * language the URL names (a prerendered Hindi page is `hi` from its first byte); pages that
 * pick theirs otherwise (the cookie, the browser) set it when they render (i18n.tsx).
 */
export function Layout({ children }: { children: ReactNode }) {
  const { language } = languageOfPath(useLocation().pathname);
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#c2410c" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // One client per page load; useState keeps it across re-renders without a module singleton.
  const [queryClient] = useState(createQueryClient);
  const navigate = useNavigate();
  // Features that change page do it through the router here (see lib/page-navigation.ts).
  const navigateTo = useCallback((path: string) => void navigate(path), [navigate]);
  useEffect(addEmojiFace, []); // after hydration, so never before the first paint

  return (
    <QueryClientProvider client={queryClient}>
      <PageNavigationContext value={navigateTo}>
        <SessionProvider>
          <Outlet />
        </SessionProvider>
      </PageNavigationContext>
      <LazyToaster richColors position="top-center" />
    </QueryClientProvider>
  );
}

/**
 * What the SPA fallback HTML shows until the page's route module has loaded. The spinner fades
 * in late so fast loads (and the OBS overlay, which must stay clean) never flash it.
 */
export function HydrateFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="animate-[fade-in_200ms_ease-out_400ms_both]" />
    </div>
  );
}

/** Unmatched URLs show the not-found page; anything else gets a friendly error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage error={error} />;
}
