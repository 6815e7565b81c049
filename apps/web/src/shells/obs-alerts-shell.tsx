import { ObsOverlayPage } from '../features/obs-overlay/obs-overlay-page';
import { renderShell, slugFromLocation } from './page-shell';

// `/:slug/obs-alerts` opened by OBS: the overlay without the router (see page-shell.tsx).
renderShell(
  <ObsOverlayPage
    slug={slugFromLocation()}
    tokenParam={new URLSearchParams(window.location.search).get('token')}
  />,
);
