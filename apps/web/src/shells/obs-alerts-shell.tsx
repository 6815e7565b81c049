import { ObsOverlayPage } from '../features/obs-overlay/obs-overlay-page';
import { addEmojiFace } from '../fonts/emoji-face';
import { renderShell, slugFromLocation } from './page-shell';

addEmojiFace(); // hyperemotes rain in it

// `/:slug/obs-alerts` opened by OBS: the overlay without the router (see page-shell.tsx).
renderShell(
  <ObsOverlayPage
    slug={slugFromLocation()}
    tokenParam={new URLSearchParams(window.location.search).get('token')}
  />,
);
