/** Texts of the not-found and error screens (spec 01 §2 and §8). */
export const NOT_FOUND_TITLE = 'Oops! Page not found';
/** The browser tab's title on every path that shows the not-found page. */
export const NOT_FOUND_PAGE_TITLE = 'Page not found';
export const NOT_FOUND_TEXT = "The page you're looking for doesn't exist or has moved.";
export const RETURN_HOME_LABEL = 'Return to Home';

export const ERROR_TITLE = 'Something went wrong';
export const ERROR_TEXT =
  'Sorry, this page could not be shown. Please reload it, or go back to the home page.';
export const RELOAD_LABEL = 'Reload page';
