import { Outlet } from 'react-router';

import { InLanguage } from '../i18n/i18n';

/**
 * The app's pages that exist in English only (routes.ts): English is active and `<html lang>`
 * is `en-IN` whatever language the page before spoke.
 */
export default function EnglishPages() {
  return (
    <InLanguage language="en-IN" areas={[]}>
      <Outlet />
    </InLanguage>
  );
}
