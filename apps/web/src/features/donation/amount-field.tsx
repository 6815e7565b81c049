import {
  DONATION_LIMITS,
  belowMinimumMessage,
  formatRupees,
  hyperemoteTierFor,
  type HyperemoteTiers,
} from '@shabaash/core';
import { Lock } from 'lucide-react';
import { useId } from 'react';

import { Badge } from '../../components/ui/badge';
import { FieldError } from '../../components/ui/field';
import { Label } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { DONATION_TEXT, HYPEREMOTE_TIER_LABELS } from './donation.constants';
import { amountTextFromPaise, isBelowMinimum, validAmountPaise } from './donation-form';

/**
 * The amount in rupees, from the streamer's minimum (₹1 by default) to ₹1,00,000, with the
 * streamer's preset amounts as one-tap chips. Locked at the hyperemote price in hyperemote
 * mode, with the price's tier by the streamer's tiers.
 */
export function AmountField({
  value,
  onChange,
  lockedPricePaise,
  showQuickAmounts = true,
  presetAmountsPaise,
  minAmountPaise = DONATION_LIMITS.minAmountPaise,
  hyperemoteTiers,
  disabled,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Set in hyperemote mode: the field is read-only at this price. */
  lockedPricePaise?: number | null;
  showQuickAmounts?: boolean;
  presetAmountsPaise: readonly number[];
  minAmountPaise?: number;
  hyperemoteTiers: HyperemoteTiers;
  disabled?: boolean;
  /** The form's problem with the amount, shown under the box. */
  error?: string | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isLocked = lockedPricePaise != null;
  const amountPaise = validAmountPaise(value, minAmountPaise);
  const lockedTier = isLocked ? hyperemoteTierFor(hyperemoteTiers, lockedPricePaise) : null;

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{DONATION_TEXT.amountLabel}</Label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-lg font-semibold text-slate-500"
        >
          ₹
        </span>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={minAmountPaise / 100}
          max={100000}
          step="any"
          placeholder={DONATION_TEXT.amountPlaceholder}
          value={value}
          readOnly={isLocked}
          disabled={disabled}
          data-field="amount"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            'h-12 w-full rounded-lg border border-slate-300 bg-white pr-10 pl-8 text-lg font-semibold text-slate-900 shadow-sm tabular-nums',
            'placeholder:text-base placeholder:font-normal placeholder:text-slate-400',
            'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none',
            'disabled:cursor-not-allowed disabled:bg-slate-100',
            '[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
            isLocked && 'cursor-not-allowed bg-slate-50 text-slate-700',
          )}
        />
        {isLocked && (
          <Lock
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
          />
        )}
      </div>

      <div id={hintId} className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
        {isLocked ? (
          <>
            <span>{DONATION_TEXT.hyperemoteLockedHint}</span>
            {lockedTier && <Badge variant="brand">{HYPEREMOTE_TIER_LABELS[lockedTier]}</Badge>}
          </>
        ) : amountPaise !== null ? (
          <span className="font-medium text-slate-700">{formatRupees(amountPaise)}</span>
        ) : isBelowMinimum(value, minAmountPaise) ? (
          <span className="font-medium text-red-700">{belowMinimumMessage(minAmountPaise)}</span>
        ) : (
          <span>{DONATION_TEXT.amountHint(minAmountPaise)}</span>
        )}
      </div>
      <FieldError id={errorId} error={error} />

      {showQuickAmounts && !isLocked && (
        <div
          role="group"
          aria-label={DONATION_TEXT.quickAmountsLabel}
          className="grid grid-cols-[repeat(auto-fit,minmax(4.5rem,1fr))] gap-2"
        >
          {presetAmountsPaise.map((presetPaise) => {
            const presetText = amountTextFromPaise(presetPaise);
            const isSelected = value === presetText;
            return (
              <button
                key={presetPaise}
                type="button"
                disabled={disabled}
                aria-pressed={isSelected}
                onClick={() => onChange(presetText)}
                className={cn(
                  'h-10 rounded-lg border text-sm font-semibold transition-colors disabled:opacity-50',
                  isSelected
                    ? 'border-brand-600 bg-brand-50 text-brand-800'
                    : 'border-slate-200 bg-white text-slate-700 hover:border-brand-300',
                )}
              >
                {formatRupees(presetPaise)}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
