import { languageOfLocale, localeOfLanguage } from '@shabaash/core';

import { LanguageChoice } from '../../../components/language-choice';
import { toast } from '../../../lib/lazy-toast';
import { errorText } from '../../../lib/api-error';
import { useSession } from '../../auth/use-session';
import { useUpdateMailLocale } from '../../account/use-account';
import { DASHBOARD_TEXT } from '../dashboard.constants';

/** Beside the header's buttons, at their height. */
const IN_TOOLBAR = {
  group: 'h-9 items-center rounded-lg border border-slate-300 bg-white p-0.5 text-sm font-semibold',
  option:
    'h-full rounded-md px-2.5 text-slate-700 hover:text-slate-900 disabled:opacity-60 aria-pressed:bg-slate-900 aria-pressed:text-white',
};

/**
 * The dashboard's language switch (issue 21). It saves the user's language (`users.locale`, the
 * e-mails' language too) through the API; the dashboard follows once the signed-in user comes
 * back with it.
 */
export function DashboardLanguageSwitch() {
  const { user } = useSession();
  const update = useUpdateMailLocale();
  if (!user) return null;
  const current = languageOfLocale(update.isPending ? update.variables.locale : user.locale);

  return (
    <LanguageChoice
      language={current}
      label={DASHBOARD_TEXT.languageSwitchLabel}
      look={IN_TOOLBAR}
      disabled={update.isPending}
      onChoose={(option) =>
        update.mutate(
          { locale: localeOfLanguage(option) },
          {
            onError: (error) =>
              toast.error(DASHBOARD_TEXT.languageFailed, { description: errorText(error) }),
          },
        )
      }
    />
  );
}
