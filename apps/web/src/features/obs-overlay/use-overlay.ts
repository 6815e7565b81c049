import { useEffect, useState } from 'react';

import {
  INITIAL_OVERLAY_SNAPSHOT,
  OverlayController,
  type OverlaySnapshot,
} from './overlay-controller';

/** Runs the overlay for one slug and token while the page is mounted; returns what to draw. */
export function useOverlay(slug: string, token: string): OverlaySnapshot {
  const [snapshot, setSnapshot] = useState(INITIAL_OVERLAY_SNAPSHOT);

  useEffect(() => {
    const controller = new OverlayController(slug, token, setSnapshot);
    controller.start();
    return () => controller.stop();
  }, [slug, token]);

  return snapshot;
}
