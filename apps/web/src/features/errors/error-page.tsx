import { CenteredPage } from '../../components/centered-page';
import { Button, buttonStyles } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ERRORS_TEXT } from './errors.constants';

/**
 * The friendly screen for an unexpected render or loading error. A reload also recovers from the
 * commonest production case: a route chunk that vanished after a new deploy. A plain link home
 * (a full load) so the standalone page shells (src/shells/) can show it without the router.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;

  return (
    <CenteredPage>
      <Card className="w-full max-w-md p-6 text-center sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {ERRORS_TEXT.errorTitle}
        </h1>
        <p className="mt-3 text-slate-600">{ERRORS_TEXT.errorText}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={() => window.location.reload()}>{ERRORS_TEXT.reload}</Button>
          <a href="/" className={buttonStyles({ variant: 'outline' })}>
            {ERRORS_TEXT.returnHome}
          </a>
        </div>
        {details ? (
          <pre className="mt-6 max-h-64 overflow-auto rounded-lg bg-slate-100 p-3 text-left text-xs text-slate-700">
            {details}
          </pre>
        ) : null}
      </Card>
    </CenteredPage>
  );
}
