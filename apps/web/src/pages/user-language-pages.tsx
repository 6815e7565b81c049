import { UserLanguagePages } from '../features/dashboard/dashboard-language';

/** The signed-in pages (routes.ts), in the signed-in user's language (issue 21). */
export default UserLanguagePages;
