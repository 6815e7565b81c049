import { PublicPagesIn } from '../features/marketing/marketing-language';
import marketingHindi from '../i18n/catalogs/marketing/hi.json';
import { addCatalogs } from '../i18n/i18n';

// With this module, so a Hindi page renders in Hindi from its first render (prerendered HTML
// and hydration alike); English pages never download it.
addCatalogs('hi', [{ area: 'marketing', messages: marketingHindi }]);

/** The Hindi copies of the public pages, under /hi (routes.ts; the rule: pathInLanguage). */
export default function HindiPublicPages() {
  return <PublicPagesIn language="hi" />;
}
