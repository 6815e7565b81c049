/**
 * OBS's browser source tells its page when the source is shown or hidden in a scene
 * (`obsSourceVisibleChanged`, detail.visible) and when it goes on or off the program output
 * (`obsSourceActiveChanged`, detail.active); `window.obsstudio` exists only there
 * (obs-browser README; integrations.md §E). Calls `onChange(true)` when the source is both
 * visible and active again, `onChange(false)` when it is hidden or inactive. Outside OBS it does
 * nothing: a browser tab counts as always on screen.
 */
export function watchObsSource(onChange: (isOnScreen: boolean) => void): () => void {
  if (typeof window === 'undefined' || !('obsstudio' in window)) return () => {};
  let isVisible = true;
  let isActive = true;

  const handleVisible = (event: Event) => {
    isVisible = readFlag(event, 'visible', isVisible);
    onChange(isVisible && isActive);
  };
  const handleActive = (event: Event) => {
    isActive = readFlag(event, 'active', isActive);
    onChange(isVisible && isActive);
  };
  window.addEventListener('obsSourceVisibleChanged', handleVisible);
  window.addEventListener('obsSourceActiveChanged', handleActive);
  return () => {
    window.removeEventListener('obsSourceVisibleChanged', handleVisible);
    window.removeEventListener('obsSourceActiveChanged', handleActive);
  };
}

/** The boolean OBS put in the event's detail; an event without one changes nothing. */
function readFlag(event: Event, key: 'visible' | 'active', previous: boolean): boolean {
  if (!(event instanceof CustomEvent)) return previous;
  // OBS sends { visible } or { active }; anything else is ignored.
  const detail: unknown = event.detail;
  if (typeof detail !== 'object' || detail === null) return previous;
  const value: unknown = Reflect.get(detail, key);
  return typeof value === 'boolean' ? value : previous;
}
