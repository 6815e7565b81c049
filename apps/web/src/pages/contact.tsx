import { ContactPage } from '../features/contact/contact-page';
import { publicPageMetaOf } from '../features/marketing/seo';

export const meta = publicPageMetaOf('contact', '/contact');

export default ContactPage;
