import { MODERATION_MESSAGES } from '@shabaash/core';
import { Bot, Info, Trash2, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { formatIndiaDateTime, formatRelativeTime } from '../relative-time';
import { removeModeratorLabel, TELEGRAM_TEXT } from '../telegram.constants';
import { useNow } from '../use-now';
import { useChangeTelegramModerator, useTelegramModerators } from '../use-telegram-moderators';
import { InlineError } from './inline-error';

const TELEGRAM_ID = /^\d{1,16}$/;

/** Spec 02 §5: non-empty after trimming; and a number, as the server requires. */
function validateTelegramId(value: string): string | undefined {
  const id = value.trim();
  if (!id) return MODERATION_MESSAGES.telegramIdRequired;
  if (!TELEGRAM_ID.test(id)) return MODERATION_MESSAGES.telegramIdInvalid;
  return undefined;
}

/** Where to get the id: the bot answers /start with it (the bot's @name links to its chat). */
function TelegramIdHint({ botUsername }: { botUsername: string | null }) {
  return (
    <>
      {TELEGRAM_TEXT.hintOpen}{' '}
      {botUsername ? (
        <a
          href={`https://t.me/${encodeURIComponent(botUsername)}`}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-brand-800 underline underline-offset-2"
        >
          @{botUsername}
        </a>
      ) : (
        TELEGRAM_TEXT.hintBotFallback
      )}{' '}
      {TELEGRAM_TEXT.hintRest}
    </>
  );
}

/**
 * The Telegram Dashboard tab (spec 02 §2): linked moderators, each with Remove, and an input to
 * link another, with the hint to get the id from the bot. Several moderators are allowed. When
 * the server runs no bot it says so; linking still works for when it does.
 */
export function TelegramTab({ slug }: { slug: string }) {
  const query = useTelegramModerators(slug);
  const change = useChangeTelegramModerator(slug);
  const [telegramId, setTelegramId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const nowMs = useNow();
  const bot = query.data?.bot;
  const removingId =
    change.isPending && change.variables.action === 'remove'
      ? change.variables.telegramUserId
      : null;
  const isAdding = change.isPending && change.variables.action === 'add';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateTelegramId(telegramId);
    setError(problem);
    if (problem) return;
    change.mutate(
      { action: 'add', telegramUserId: telegramId.trim() },
      { onSuccess: () => setTelegramId('') },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bot aria-hidden="true" className="size-5 text-brand-700" />
          {TELEGRAM_TEXT.title}
        </CardTitle>
        <CardDescription>{TELEGRAM_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {query.isPending ? (
          <Spinner label={TELEGRAM_TEXT.loading} />
        ) : query.isError && !query.data ? (
          <InlineError
            message={TELEGRAM_TEXT.loadFailed}
            retryLabel={TELEGRAM_TEXT.retry}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : (
          <>
            {bot && !bot.configured ? (
              <p
                role="note"
                className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
              >
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {TELEGRAM_TEXT.botNotConfigured}
              </p>
            ) : null}
            <div className="flex flex-col gap-2">
              <h4 className="text-sm font-semibold text-slate-900">{TELEGRAM_TEXT.linkedTitle}</h4>
              {query.data.moderators.length === 0 ? (
                <p className="text-sm text-slate-600">{TELEGRAM_TEXT.noneLinked}</p>
              ) : (
                <ul
                  aria-label={TELEGRAM_TEXT.linkedTitle}
                  className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200"
                >
                  {query.data.moderators.map((moderator) => (
                    <li
                      key={moderator.telegram_user_id}
                      className="flex flex-wrap items-center justify-between gap-3 p-3"
                    >
                      <div className="flex min-w-0 flex-col">
                        <span className="font-mono text-sm font-semibold break-all text-slate-900">
                          {moderator.telegram_user_id}
                        </span>
                        <span className="text-xs text-slate-500">
                          {TELEGRAM_TEXT.linked}{' '}
                          <time
                            dateTime={moderator.linked_at}
                            title={formatIndiaDateTime(moderator.linked_at)}
                          >
                            {formatRelativeTime(moderator.linked_at, nowMs)}
                          </time>
                        </span>
                      </div>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={removeModeratorLabel(moderator.telegram_user_id)}
                        disabled={change.isPending}
                        onClick={() =>
                          change.mutate({
                            action: 'remove',
                            telegramUserId: moderator.telegram_user_id,
                          })
                        }
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                        {removingId === moderator.telegram_user_id
                          ? TELEGRAM_TEXT.removing
                          : TELEGRAM_TEXT.remove}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <form noValidate onSubmit={handleSubmit} className="flex max-w-md flex-col gap-3">
              <Field
                label={TELEGRAM_TEXT.userIdLabel}
                hint={<TelegramIdHint botUsername={bot?.configured ? bot.username : null} />}
                error={error}
              >
                <Input
                  name="telegram_user_id"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={TELEGRAM_TEXT.userIdPlaceholder}
                  value={telegramId}
                  onChange={(event) => {
                    setTelegramId(event.target.value);
                    if (error) setError(undefined);
                  }}
                />
              </Field>
              <Button type="submit" className="self-start" disabled={change.isPending}>
                <UserPlus aria-hidden="true" className="size-4" />
                {isAdding ? TELEGRAM_TEXT.adding : TELEGRAM_TEXT.add}
              </Button>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}
