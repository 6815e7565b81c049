import { i18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { toast, Toaster, type ToasterProps } from 'sonner';

import { UI_TEXT } from '../components/ui/ui.constants';
import { activeLanguage, loadLanguage } from '../i18n/i18n';

/**
 * What lib/lazy-toast.tsx loads on the first toast: sonner, and its region's name in the page's
 * language (the `ui` catalogs), so none of it weighs on a page's first load.
 */
export { toast };

/** The words the toaster shows, in the language active now (English when they cannot load). */
export function loadToastWords(): Promise<void> {
  return loadLanguage(activeLanguage(), ['ui']).catch(() => undefined);
}

const onLanguageChange = (onChange: () => void) => i18n.on('change', onChange);

/**
 * sonner's Toaster with its region named in the page's language. It sits in the root, outside
 * every page's InLanguage, so it follows the active language itself: renamed on a switch.
 */
export function NamedToaster(props: ToasterProps) {
  useSyncExternalStore(onLanguageChange, activeLanguage);
  return <Toaster containerAriaLabel={UI_TEXT.notifications} {...props} />;
}
