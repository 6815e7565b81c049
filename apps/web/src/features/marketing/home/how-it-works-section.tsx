import { Container } from '../../../components/ui/container';
import { HOW_IT_WORKS, entriesOf } from '../marketing.constants';
import { SECTION_CLASSES, SectionHeading } from './section-heading';

/** The four steps from sign-up to the first tip. */
export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className={SECTION_CLASSES}>
      <Container>
        <SectionHeading
          id="how-it-works-title"
          eyebrow={HOW_IT_WORKS.eyebrow}
          title={HOW_IT_WORKS.title}
          centered
        />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {entriesOf(HOW_IT_WORKS.steps).map(([id, step], index) => (
            <li key={id} className="relative rounded-2xl border border-slate-200 p-6">
              <span
                aria-hidden="true"
                className="grid size-10 place-items-center rounded-full bg-brand-700 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">{HOW_IT_WORKS.stepLabel(index + 1)}</span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
