import { LanguageChoice } from '../../components/language-choice';
import { useLanguage } from '../../i18n/i18n';
import { DONATION_TEXT } from './donation.constants';

/** On the hero's coloured banner. */
const ON_BANNER = {
  group: 'rounded-full bg-black/20 p-0.5 text-xs font-semibold ring-1 ring-white/30',
  option: 'rounded-full px-3 py-1 text-white/90 aria-pressed:bg-white aria-pressed:text-slate-900',
};

/**
 * The fan's language switch on the donation page (issue 21). The choice is remembered in a
 * cookie: the server renders the next visit in it.
 */
export function LanguageSwitch() {
  const { language, switchLanguage } = useLanguage();
  return (
    <LanguageChoice
      language={language}
      label={DONATION_TEXT.languageSwitchLabel}
      look={ON_BANNER}
      onChoose={switchLanguage}
    />
  );
}
