import { HomePage } from '../features/marketing/home-page';
import { publicPageMetaOf } from '../features/marketing/seo';

export const meta = publicPageMetaOf('home', '/');

export default HomePage;
