import { ChevronDown } from 'lucide-react';

import { Container } from '../../../components/ui/container';
import { FAQ, entriesOf } from '../marketing.constants';
import { SECTION_CLASSES, SectionHeading } from './section-heading';

/** Questions about Shabaash, as native disclosure widgets (no JavaScript needed). */
export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className={`bg-slate-50 ${SECTION_CLASSES}`}>
      <Container className="max-w-3xl">
        <SectionHeading id="faq-title" eyebrow={FAQ.eyebrow} title={FAQ.title} centered />
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
          {entriesOf(FAQ.items).map(([id, item]) => (
            <details key={id} className="group px-5 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="pb-5 text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
      </Container>
    </section>
  );
}
