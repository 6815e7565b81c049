import { lazy, Suspense, useState } from 'react';

import { withCatalogs } from '../../i18n/i18n';
import type { MobileNumberDialogProps } from './mobile-number-dialog';

/*
 * Parts of the donation form a fan needs only once they act: the mobile-number dialog (after
 * Donate) and the hyperemote picker (after choosing Hyperemotes). The forms start loading them on
 * the fan's first touch or focus, so they are there when wanted, yet a page nobody tips from
 * never downloads them (the page-weight budget counts the script loaded before Donate).
 */
const loadDialog = () => withCatalogs(['ui'], () => import('./mobile-number-dialog'));
const loadPicker = () => import('./hyperemote-picker');

const MobileNumberDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.MobileNumberDialog })),
);
export const LazyHyperemotePicker = lazy(() =>
  loadPicker().then((module) => ({ default: module.HyperemotePicker })),
);

/** Starts loading the parts above (the forms call it on the fan's first touch or focus). */
export function preloadDonationFormParts(): void {
  void loadDialog();
  void loadPicker();
}

/** The mobile-number dialog, loaded on first use and kept mounted after (its close works). */
export function LazyMobileNumberDialog(props: MobileNumberDialogProps) {
  const [isWanted, setIsWanted] = useState(props.open);
  if (props.open && !isWanted) setIsWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <MobileNumberDialog {...props} />
    </Suspense>
  );
}
