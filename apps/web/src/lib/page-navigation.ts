import { createContext, useContext } from 'react';

/** Goes to another path of the site. */
export type NavigateTo = (path: string) => void;

/**
 * How a feature moves the visitor to another page. Inside the React Router app, root.tsx
 * provides the router's navigate (no reload); a standalone page shell (src/shells/), which
 * ships without the router to stay light, gets the default: an ordinary page load.
 */
export const PageNavigationContext = createContext<NavigateTo>((path) => {
  window.location.assign(path);
});

export function usePageNavigation(): NavigateTo {
  return useContext(PageNavigationContext);
}
