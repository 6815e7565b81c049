import { Mail, MessageCircle, Phone } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useRef, type ReactNode } from 'react';

import { buttonStyles } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Container } from '../../components/ui/container';
import { MarketingLayout, PageIntro } from '../marketing/components/marketing-layout';
import { useSiteConfig } from '../site-config/use-site-config';
import { ContactForm } from './contact-form';
import { CONTACT_TEXT } from './contact.constants';

/**
 * The contact page (spec 01 §2): e-mail, phone and live-chat cards and the message form. The
 * details come from the admin console's site settings, and a card shows only when its detail is
 * set: no placeholder number passes for a real one, and no chat is offered that nobody runs.
 */
export function ContactPage() {
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const support = useSiteConfig().data?.support ?? {};

  return (
    <MarketingLayout>
      <PageIntro eyebrow={CONTACT_TEXT.eyebrow} title={CONTACT_TEXT.title}>
        <p>{CONTACT_TEXT.intro}</p>
      </PageIntro>
      <Container className="grid gap-8 pb-20 lg:grid-cols-[1fr_1.6fr]">
        <ul className="flex flex-col gap-4">
          {support.email && (
            <ContactCard Icon={Mail} title={CONTACT_TEXT.emailTitle} text={CONTACT_TEXT.emailText}>
              <a
                href={`mailto:${support.email}`}
                translate="no"
                className="font-semibold text-brand-700 hover:underline"
              >
                {support.email}
              </a>
            </ContactCard>
          )}
          {support.phone && (
            <ContactCard
              Icon={Phone}
              title={CONTACT_TEXT.phoneTitle}
              text={support.hours ?? CONTACT_TEXT.phoneText}
            >
              <a
                href={`tel:${support.phone.replace(/[ -]/g, '')}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                {support.phone}
              </a>
            </ContactCard>
          )}
          {support.chat_url && (
            <ContactCard
              Icon={MessageCircle}
              title={CONTACT_TEXT.chatTitle}
              text={CONTACT_TEXT.chatText}
            >
              <a
                href={support.chat_url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonStyles({ variant: 'secondary', size: 'sm' })}
              >
                {CONTACT_TEXT.chatButton}
              </a>
            </ContactCard>
          )}
        </ul>
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold text-slate-900">{CONTACT_TEXT.formTitle}</h2>
            <CardDescription>{CONTACT_TEXT.formIntro}</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm messageRef={messageRef} />
          </CardContent>
        </Card>
      </Container>
    </MarketingLayout>
  );
}

function ContactCard({
  Icon,
  title,
  text,
  children,
}: {
  Icon: LucideIcon;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <li>
      <Card className="flex gap-4 p-5">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col items-start gap-1">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{text}</CardDescription>
          <div className="mt-2 break-words">{children}</div>
        </div>
      </Card>
    </li>
  );
}
