import { formatRupees, type VoiceMessage } from '@shabaash/core';
import { Mic } from 'lucide-react';

import { cn } from '../../lib/cn';
import { AUDIO_PLAYER_TEXT } from './audio-player.constants';
import { formatSeconds } from './audio-queue';

/** The clickable queue (spec: name and amount); the current message is marked for everyone. */
export function VoiceQueue({
  messages,
  currentId,
  onSelect,
}: {
  messages: readonly VoiceMessage[];
  currentId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <section aria-labelledby="voice-queue-heading" className="flex flex-col gap-2">
      <h2 id="voice-queue-heading" className="text-sm font-semibold text-slate-700">
        {AUDIO_PLAYER_TEXT.queue}
      </h2>
      <ol className="flex max-h-96 flex-col gap-1 overflow-y-auto">
        {messages.map((message, index) => {
          const isCurrent = message.id === currentId;
          return (
            <li key={message.id}>
              <button
                type="button"
                onClick={() => onSelect(message.id)}
                aria-current={isCurrent ? 'true' : undefined}
                className={cn(
                  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left transition-colors',
                  isCurrent ? 'bg-brand-100 text-brand-900' : 'hover:bg-slate-100',
                )}
              >
                <span className="w-6 text-right text-xs text-slate-500 tabular-nums">
                  {index + 1}
                </span>
                <Mic aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                <span className="min-w-0 flex-1 truncate font-medium">{message.name}</span>
                <span className="text-sm font-semibold tabular-nums">
                  {formatRupees(message.amount_paise)}
                </span>
                <span className="w-10 text-right text-xs text-slate-500 tabular-nums">
                  {formatSeconds(message.duration_ms / 1000)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
