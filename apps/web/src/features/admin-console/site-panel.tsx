import {
  SITE_SOCIAL_PLATFORMS,
  siteConfigSchema,
  videoUrlRequestSchema,
  type SiteConfig,
  type SiteSocialLinks,
  type SiteSocialPlatform,
  type SupportContact,
} from '@shabaash/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/lazy-toast';

import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { errorText } from '../../lib/api-error';
import { SOCIAL_LINK_LABELS } from '../donation/donation.constants';
import { ADMIN_TEXT } from './admin-console.constants';
import { useAdminMutations, useSiteConfigSettings, useVideoUrl } from './admin-console.queries';
import { LoadState } from './load-state';

function VideoUrlForm({ current }: { current: string | null }) {
  const [value, setValue] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const { saveVideoUrl } = useAdminMutations();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const videoUrl = value.trim() === '' ? null : value.trim();
    const checked = videoUrlRequestSchema.safeParse({ video_url: videoUrl });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? GENERIC_ERROR_MESSAGE);
      return;
    }
    setProblem(null);
    saveVideoUrl.mutate(videoUrl, {
      onSuccess: () => toast.success(ADMIN_TEXT.saved),
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Field label={ADMIN_TEXT.videoLabel} hint={ADMIN_TEXT.videoHint} error={problem ?? undefined}>
        <Input
          type="url"
          placeholder="https://"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </Field>
      <Button type="submit" className="self-start" disabled={saveVideoUrl.isPending}>
        {saveVideoUrl.isPending ? ADMIN_TEXT.saving : ADMIN_TEXT.save}
      </Button>
    </form>
  );
}

const SUPPORT_FIELDS = ['email', 'phone', 'hours', 'chat_url'] as const;
type SupportField = (typeof SUPPORT_FIELDS)[number];

/** A field's problem: `default_streamer`, a social network, a support detail, or the form. */
type SiteConfigProblems = Partial<
  Record<'default_streamer' | SiteSocialPlatform | `support.${SupportField}` | 'form', string>
>;

/** Only the filled-in values of `fields`: an empty box means "not set". */
function filledIn<K extends string>(fields: readonly K[], values: Partial<Record<K, string>>) {
  return Object.fromEntries(
    fields.flatMap((field) => {
      const value = values[field]?.trim() ?? '';
      return value === '' ? [] : [[field, value]];
    }),
  );
}

/** The form's text fields as the config the API takes: empty means none. */
function siteConfigFrom(defaultStreamer: string, links: SiteSocialLinks, support: SupportContact) {
  return {
    default_streamer: defaultStreamer.trim() || null,
    social_links: filledIn(SITE_SOCIAL_PLATFORMS, links),
    support: filledIn(SUPPORT_FIELDS, support),
  };
}

/** The field a problem of siteConfigSchema belongs to, by the problem's path. */
function problemField(path: readonly PropertyKey[]): keyof SiteConfigProblems {
  if (path[0] === 'default_streamer') return 'default_streamer';
  const platform = SITE_SOCIAL_PLATFORMS.find((candidate) => candidate === path[1]);
  if (path[0] === 'social_links' && platform) return platform;
  const detail = SUPPORT_FIELDS.find((candidate) => candidate === path[1]);
  return path[0] === 'support' && detail ? `support.${detail}` : 'form';
}

/** The status page's default streamer and the footer's social links (issue 20). */
function SiteConfigForm({ current }: { current: SiteConfig }) {
  const [defaultStreamer, setDefaultStreamer] = useState(current.default_streamer ?? '');
  const [links, setLinks] = useState<SiteSocialLinks>(current.social_links);
  const [support, setSupport] = useState<SupportContact>(current.support);
  const [problems, setProblems] = useState<SiteConfigProblems>({});
  const { saveSiteConfig } = useAdminMutations();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = siteConfigSchema.safeParse(siteConfigFrom(defaultStreamer, links, support));
    if (!checked.success) {
      const found: SiteConfigProblems = {};
      for (const issue of checked.error.issues) found[problemField(issue.path)] ??= issue.message;
      setProblems(found);
      return;
    }
    setProblems({});
    saveSiteConfig.mutate(checked.data, {
      onSuccess: () => toast.success(ADMIN_TEXT.saved),
      onError: (error) => {
        const isUnknownStreamer =
          error instanceof ApiError && error.code === 'default_streamer_unknown';
        setProblems({ [isUnknownStreamer ? 'default_streamer' : 'form']: errorText(error) });
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Field
        label={ADMIN_TEXT.defaultStreamerLabel}
        hint={ADMIN_TEXT.defaultStreamerHint}
        error={problems.default_streamer}
      >
        <Input
          placeholder="chiaa"
          translate="no"
          autoCapitalize="none"
          value={defaultStreamer}
          onChange={(event) => setDefaultStreamer(event.target.value)}
        />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-slate-800">{ADMIN_TEXT.supportLegend}</legend>
        <p className="text-xs text-slate-500">{ADMIN_TEXT.supportHint}</p>
        {(
          [
            ['email', ADMIN_TEXT.supportEmailLabel, 'email', 'support@example.com'],
            ['phone', ADMIN_TEXT.supportPhoneLabel, 'tel', '+91 …'],
            ['hours', ADMIN_TEXT.supportHoursLabel, 'text', ADMIN_TEXT.supportHoursExample],
            ['chat_url', ADMIN_TEXT.supportChatLabel, 'url', 'https://'],
          ] as const
        ).map(([field, label, type, placeholder]) => (
          <Field key={field} label={label} error={problems[`support.${field}`]}>
            <Input
              type={type}
              // An address or number is the same in every language.
              translate={type === 'text' ? undefined : 'no'}
              placeholder={placeholder}
              value={support[field] ?? ''}
              onChange={(event) => setSupport({ ...support, [field]: event.target.value })}
            />
          </Field>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-slate-800">
          {ADMIN_TEXT.socialLinksLegend}
        </legend>
        <p className="text-xs text-slate-500">{ADMIN_TEXT.socialLinksHint}</p>
        {SITE_SOCIAL_PLATFORMS.map((platform) => (
          <Field
            key={platform}
            label={ADMIN_TEXT.socialLinkLabel(SOCIAL_LINK_LABELS[platform])}
            error={problems[platform]}
          >
            <Input
              type="url"
              placeholder="https://"
              value={links[platform] ?? ''}
              onChange={(event) => setLinks({ ...links, [platform]: event.target.value })}
            />
          </Field>
        ))}
      </fieldset>
      {problems.form && (
        <p role="alert" className="text-sm text-red-600">
          {problems.form}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={saveSiteConfig.isPending}>
        {saveSiteConfig.isPending ? ADMIN_TEXT.saving : ADMIN_TEXT.save}
      </Button>
    </form>
  );
}

/**
 * Site-wide settings: the home page's background video, the status page and the footer.
 * Each form starts from the first values loaded and keeps the admin's edits after that: a
 * background refetch (another admin's save) must not wipe what is being typed.
 */
export function SitePanel() {
  const videoQuery = useVideoUrl();
  const configQuery = useSiteConfigSettings();
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{ADMIN_TEXT.videoTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <LoadState query={videoQuery}>
            {(data) => <VideoUrlForm current={data.video_url} />}
          </LoadState>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{ADMIN_TEXT.siteConfigTitle}</CardTitle>
        </CardHeader>
        <CardContent>
          <LoadState query={configQuery}>{(data) => <SiteConfigForm current={data} />}</LoadState>
        </CardContent>
      </Card>
    </div>
  );
}
