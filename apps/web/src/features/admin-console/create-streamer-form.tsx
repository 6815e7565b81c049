import { createStreamerRequestSchema } from '@shabaash/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/lazy-toast';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { errorText } from '../../lib/api-error';
import type { CreatedStreamer } from './admin-console.api';
import { ADMIN_TEXT } from './admin-console.constants';
import { useAdminMutations } from './admin-console.queries';
import type { StreamerPrefill } from './lead-to-streamer';

type Draft = { slug: string; name: string; brandColor: string; ownerEmail: string };

const EMPTY: Draft = { slug: '', name: '', brandColor: '#2563eb', ownerEmail: '' };

/**
 * Creates a streamer (slug rules from @shabaash/core), optionally prefilled from a lead; an
 * owner without an account gets a sign-up link, shown here once.
 */
export function CreateStreamerForm({
  prefill,
  onClearPrefill,
  onCreated,
}: {
  prefill: StreamerPrefill | null;
  onClearPrefill: () => void;
  onCreated: (created: CreatedStreamer) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() =>
    prefill
      ? { ...EMPTY, slug: prefill.slug, name: prefill.name, ownerEmail: prefill.ownerEmail }
      : EMPTY,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const { create } = useAdminMutations();
  const update = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = {
      slug: draft.slug.trim(),
      name: draft.name,
      brand_color: draft.brandColor,
      ...(draft.ownerEmail.trim() ? { owner_email: draft.ownerEmail.trim() } : {}),
    };
    const checked = createStreamerRequestSchema.safeParse(request);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? GENERIC_ERROR_MESSAGE);
      return;
    }
    setProblem(null);
    create.mutate(request, {
      onSuccess: (result) => {
        toast.success(ADMIN_TEXT.created(result.streamer.slug));
        setDraft(EMPTY);
        onCreated(result);
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-4"
      aria-label={ADMIN_TEXT.createTitle}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{ADMIN_TEXT.createTitle}</h2>
        {prefill && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            {ADMIN_TEXT.createFromLead(prefill.leadName)}
            <Button variant="ghost" size="sm" onClick={onClearPrefill}>
              {ADMIN_TEXT.clearLead}
            </Button>
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={ADMIN_TEXT.slugLabel} hint={ADMIN_TEXT.slugHint}>
          <Input
            name="slug"
            value={draft.slug}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => update({ slug: event.target.value })}
          />
        </Field>
        <Field label={ADMIN_TEXT.nameLabel}>
          <Input
            name="name"
            value={draft.name}
            onChange={(event) => update({ name: event.target.value })}
          />
        </Field>
        <Field label={ADMIN_TEXT.brandColorLabel}>
          <Input
            name="brand_color"
            value={draft.brandColor}
            className="font-mono"
            onChange={(event) => update({ brandColor: event.target.value })}
          />
        </Field>
        <Field label={ADMIN_TEXT.ownerEmailLabel} hint={ADMIN_TEXT.ownerEmailHint}>
          <Input
            name="owner_email"
            type="email"
            value={draft.ownerEmail}
            onChange={(event) => update({ ownerEmail: event.target.value })}
          />
        </Field>
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? ADMIN_TEXT.creating : ADMIN_TEXT.create}
      </Button>
    </form>
  );
}
