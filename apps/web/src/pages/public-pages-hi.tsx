import { PublicPagesIn } from '../features/marketing/marketing-language';
import marketingHindi from '../i18n/catalogs/marketing/hi.json';
import plansHindi from '../i18n/catalogs/plans/hi.json';
import uiHindi from '../i18n/catalogs/ui/hi.json';
import { addCatalogs } from '../i18n/i18n';

// With this module, so a Hindi page renders in Hindi from its first render (prerendered HTML
// and hydration alike); English pages never download it.
addCatalogs('hi', [
  { area: 'marketing', messages: marketingHindi },
  { area: 'plans', messages: plansHindi },
  { area: 'ui', messages: uiHindi },
]);

/** The Hindi copies of the public pages, under /hi (routes.ts; the rule: pathInLanguage). */
export default function HindiPublicPages() {
  return <PublicPagesIn language="hi" />;
}
