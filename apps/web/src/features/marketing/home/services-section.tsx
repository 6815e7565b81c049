import { ArrowRight, LayoutTemplate, MonitorPlay, ShieldCheck, Volume2 } from 'lucide-react';
import { Link } from 'react-router';

import { buttonStyles } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { usePagePath } from '../marketing-language';
import { SERVICES, entriesOf } from '../marketing.constants';
import { SignupButton } from '../signup/signup-dialog';
import { SECTION_CLASSES, SectionHeading } from './section-heading';

const SERVICE_ICONS = {
  page: LayoutTemplate,
  alerts: MonitorPlay,
  voice: Volume2,
  moderation: ShieldCheck,
} as const;

/** The four service cards, the plans note and the two calls to action ("For Creators"). */
export function ServicesSection() {
  const pagePath = usePagePath();
  return (
    <section
      id="services"
      aria-labelledby="services-title"
      className={`bg-slate-50 ${SECTION_CLASSES}`}
    >
      <Container>
        <SectionHeading
          id="services-title"
          eyebrow={SERVICES.eyebrow}
          title={SERVICES.title}
          intro={SERVICES.intro}
        />
        <ul className="mt-12 grid gap-4 sm:grid-cols-2">
          {entriesOf(SERVICES.items).map(([id, service]) => {
            const Icon = SERVICE_ICONS[id];
            return (
              <li
                key={id}
                className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
              >
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-slate-900 text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{service.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{service.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 flex flex-col items-start gap-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg font-semibold text-slate-900">{SERVICES.pricingNote()}</p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <SignupButton size="lg">{SERVICES.primaryCta}</SignupButton>
            <Link
              to={pagePath('/contact')}
              className={buttonStyles({ variant: 'outline', size: 'lg' })}
            >
              {SERVICES.secondaryCta}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </div>
      </Container>
    </section>
  );
}
