import { IndianRupee, Mic, Play } from 'lucide-react';

import { Badge } from '../../../components/ui/badge';
import { Container } from '../../../components/ui/container';
import { cn } from '../../../lib/cn';
import { HEADER_TEXT, HERO, SAMPLE_CHAT, entriesOf } from '../marketing.constants';
import { SignupButton } from '../signup/signup-dialog';
import { BackgroundVideo } from './background-video';

const HIGHLIGHT_ICONS = { voice: Mic, upi: IndianRupee } as const;

/** Headline, tagline, calls to action, the two highlight cards and the sample chat card. */
export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-slate-950 text-white"
    >
      {/* The gradient is the fallback: it shows until (and unless) a video can play over it. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-700),transparent_55%),radial-gradient(ellipse_at_bottom_left,#4c1d95,transparent_50%)] opacity-80"
      />
      <div className="absolute inset-0 -z-10">
        <BackgroundVideo />
      </div>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-b from-slate-950/30 via-slate-950/50 to-slate-950/90"
      />

      <Container className="grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-brand-100 ring-1 ring-white/20 ring-inset">
            {HERO.badge}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {HERO.headline}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-200 sm:text-xl">
            {HERO.tagline}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <SignupButton size="lg" className="bg-brand-600 hover:bg-brand-500">
              {HEADER_TEXT.startEarning}
            </SignupButton>
            <a
              href="#how-it-works"
              className="inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-white/25 px-6 text-base font-semibold text-white hover:bg-white/10"
            >
              <Play aria-hidden="true" className="size-4" />
              {HERO.secondaryCta}
            </a>
          </div>
          <ul className="mt-10 grid gap-3 sm:grid-cols-2">
            {entriesOf(HERO.highlights).map(([id, highlight]) => {
              const Icon = HIGHLIGHT_ICONS[id];
              return (
                <li
                  key={id}
                  className="flex items-center gap-3 rounded-xl bg-white/10 p-4 ring-1 ring-white/15 backdrop-blur-sm"
                >
                  <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-600 text-white">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span>
                    <span className="block font-semibold">{highlight.title}</span>
                    <span className="block text-sm text-slate-300">{highlight.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        <SampleChatCard />
      </Container>
    </section>
  );
}

/** A decorative stream chat with two highlighted tips (spec 01 §1: the sample is decorative). */
function SampleChatCard() {
  const { chat } = HERO;
  return (
    <figure className="mx-auto w-full max-w-md rounded-2xl bg-white p-4 text-slate-900 shadow-2xl ring-1 ring-black/5 sm:p-5">
      <figcaption className="flex items-center justify-between border-b border-slate-100 pb-3">
        <span className="flex items-center gap-2 font-semibold">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-red-500" />
          {chat.title}
        </span>
        <Badge variant="neutral">{chat.example}</Badge>
      </figcaption>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {SAMPLE_CHAT.map((message) => {
          const isTip = 'tip' in message;
          return (
            <li
              key={message.id}
              className={cn(
                'rounded-lg px-3 py-2',
                isTip
                  ? 'bg-linear-to-r from-brand-100 to-amber-50 ring-1 ring-brand-200'
                  : 'bg-slate-50',
              )}
            >
              {isTip ? (
                <span className="mr-2 inline-flex items-center gap-1 rounded-md bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">
                  {'voice' in message ? <Mic aria-hidden="true" className="size-3" /> : null}
                  {message.tip}
                </span>
              ) : null}
              <span translate="no" className="font-semibold text-slate-900">
                {message.name}
              </span>{' '}
              <span className="text-slate-700">{chat.messages[message.id]}</span>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-400">
        <IndianRupee aria-hidden="true" className="size-4 text-brand-700" />
        {chat.inputPlaceholder}
      </div>
    </figure>
  );
}
