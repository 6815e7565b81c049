import { useEffect } from 'react';

import { CenteredPage } from '../../components/centered-page';
import { buttonStyles } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SITE_NAME } from '../../lib/meta';
import {
  NOT_FOUND_PAGE_TITLE,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
  RETURN_HOME_LABEL,
} from './errors.constants';

/**
 * Shown for any path no route claims. The missing path is logged as a warning, not an error:
 * a mistyped link is not a fault of the app, and the browser tests fail on console errors.
 * Plain links and `window.location`, not the router's: the standalone donation page shell
 * (src/shells/) shows this page too, without React Router. It sets its own title: a route that
 * found nothing (an unknown streamer or guide) must not keep the title it started with.
 */
export function NotFoundPage() {
  useEffect(() => {
    document.title = `${NOT_FOUND_PAGE_TITLE} · ${SITE_NAME}`;
    const { pathname } = window.location;
    console.warn('404 Error: User attempted to access non-existent route:', pathname);
  }, []);

  return (
    <CenteredPage>
      <Card className="w-full max-w-md p-6 text-center sm:p-8">
        <p className="text-5xl font-black tracking-tight text-brand-700">404</p>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">{NOT_FOUND_TITLE}</h1>
        <p className="mt-3 text-slate-600">{NOT_FOUND_TEXT}</p>
        <a href="/" className={buttonStyles({ className: 'mt-6' })}>
          {RETURN_HOME_LABEL}
        </a>
      </Card>
    </CenteredPage>
  );
}
