import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

import { Container } from '../../../components/ui/container';
import { GuideCard } from '../../blog/guide-card';
import { GUIDES } from '../../blog/guides';
import { usePagePath } from '../marketing-language';
import { RESOURCES } from '../marketing.constants';
import { SECTION_CLASSES, SectionHeading } from './section-heading';

const TEASER_COUNT = 3;

/** The three newest guides and a link to all of them. */
export function ResourcesSection() {
  const pagePath = usePagePath();
  return (
    <section id="resources" aria-labelledby="resources-title" className={SECTION_CLASSES}>
      <Container>
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading
            id="resources-title"
            eyebrow={RESOURCES.eyebrow}
            title={RESOURCES.title}
            intro={RESOURCES.intro}
          />
          <Link
            to={pagePath('/blog')}
            className="inline-flex shrink-0 items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            {RESOURCES.allGuides}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {GUIDES.slice(0, TEASER_COUNT).map((guide) => (
            <li key={guide.slug}>
              <GuideCard guide={guide} headingLevel="h3" />
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
