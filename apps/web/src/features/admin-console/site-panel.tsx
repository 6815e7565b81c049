import { videoUrlRequestSchema } from '@shabaash/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/lazy-toast';

import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { ADMIN_TEXT } from './admin-console.constants';
import { useAdminMutations, useVideoUrl } from './admin-console.queries';
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
      onError: (error) =>
        setProblem(error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE),
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

/** Site-wide settings: the home page's background video. */
export function SitePanel() {
  const query = useVideoUrl();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{ADMIN_TEXT.videoTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <LoadState query={query}>
          {(data) => <VideoUrlForm key={data.video_url ?? ''} current={data.video_url} />}
        </LoadState>
      </CardContent>
    </Card>
  );
}
