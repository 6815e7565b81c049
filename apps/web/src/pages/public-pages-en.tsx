import { PublicPagesIn } from '../features/marketing/marketing-language';

/** The English public pages (routes.ts): their texts are the code's constants. */
export default function EnglishPublicPages() {
  return <PublicPagesIn language="en-IN" />;
}
