import { useEffect } from 'react';

import { CenteredPage } from '../../components/centered-page';
import { buttonStyles } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SITE_NAME } from '../../lib/meta';
import { ERRORS_TEXT } from './errors.constants';

/**
 * Shown for any path no route claims. The missing path is logged as a warning, not an error:
 * a mistyped link is not a fault of the app, and the browser tests fail on console errors.
 * Plain links and `window.location`, not the router's: the standalone donation page shell
 * (src/shells/) shows this page too, without React Router. It sets its own title: a route that
 * found nothing (an unknown streamer or guide) must not keep the title it started with.
 */
export function NotFoundPage() {
  useEffect(() => {
    document.title = `${ERRORS_TEXT.notFoundPageTitle} · ${SITE_NAME}`;
    const { pathname } = window.location;
    console.warn('404 Error: User attempted to access non-existent route:', pathname);
  }, []);

  return (
    <CenteredPage>
      <Card className="w-full max-w-md p-6 text-center sm:p-8">
        <p className="text-5xl font-black tracking-tight text-brand-700">404</p>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">
          {ERRORS_TEXT.notFoundTitle}
        </h1>
        <p className="mt-3 text-slate-600">{ERRORS_TEXT.notFoundText}</p>
        <a href="/" className={buttonStyles({ className: 'mt-6' })}>
          {ERRORS_TEXT.returnHome}
        </a>
      </Card>
    </CenteredPage>
  );
}
