import { DONATION_LIMITS, QUICK_EMOJIS, countCharacters } from '@shabaash/core';
import { useId, useRef } from 'react';

import { FieldError } from '../../components/ui/field';
import { Label, Textarea } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { DONATION_TEXT } from './donation.constants';
import { clampMessage, insertAtSelection } from './donation-form';

/** Screen readers hear the count only near the limit, not on every keystroke. */
const ANNOUNCE_WITHIN = 50;

/**
 * The message box with its 500-character counter (characters as people count them, so an
 * emoji is one) and the 12-emoji quick-insert row, which inserts at the caret.
 */
export function MessageField({
  value,
  onChange,
  label = DONATION_TEXT.messageLabel,
  disabled,
  error,
  isReadAloud = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  disabled?: boolean;
  /** The tip will be read aloud: the placeholder may mention [emotion] tags. */
  isReadAloud?: boolean;
  /** The form's problem with the message, shown under the box. */
  error?: string | undefined;
}) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const count = countCharacters(value);
  const remaining = DONATION_LIMITS.messageMaxChars - count;

  const handleInsert = (emoji: string) => {
    const textarea = textareaRef.current;
    const start = textarea?.selectionStart ?? value.length;
    const end = textarea?.selectionEnd ?? value.length;
    const result = insertAtSelection(value, emoji, start, end);
    if (!result) return;
    onChange(result.text);
    // Put the caret after the emoji once React has written the new text.
    window.requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(result.caret, result.caret);
    });
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        ref={textareaRef}
        id={id}
        rows={4}
        value={value}
        disabled={disabled}
        placeholder={
          isReadAloud ? DONATION_TEXT.messagePlaceholder : DONATION_TEXT.messagePlaceholderPlain
        }
        data-field="message"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        onChange={(event) => onChange(clampMessage(event.target.value))}
        className="resize-y"
      />
      <FieldError id={errorId} error={error} />
      <div
        role="group"
        aria-label={DONATION_TEXT.emojiRowLabel}
        className="grid grid-cols-6 gap-1 sm:grid-cols-12"
      >
        {QUICK_EMOJIS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            disabled={disabled || remaining <= 0}
            aria-label={`${DONATION_TEXT.emojiRowLabel}: ${emoji}`}
            onClick={() => handleInsert(emoji)}
            className="grid h-9 place-items-center rounded-lg text-xl transition-colors hover:bg-brand-50 disabled:opacity-40"
          >
            <span aria-hidden="true" className="font-emoji">
              {emoji}
            </span>
          </button>
        ))}
      </div>
      <p
        id={counterId}
        className={cn(
          'self-end text-xs tabular-nums',
          remaining <= 0
            ? 'font-semibold text-red-600'
            : remaining <= ANNOUNCE_WITHIN
              ? 'text-amber-700'
              : 'text-slate-500',
        )}
      >
        {count}/{DONATION_LIMITS.messageMaxChars}
      </p>
      <p aria-live="polite" className="sr-only">
        {remaining <= ANNOUNCE_WITHIN ? DONATION_TEXT.charactersLeft(remaining) : ''}
      </p>
    </div>
  );
}
