import { formatRupees, hyperemoteTier } from '@shabaash/core';
import { Lock } from 'lucide-react';
import { useId } from 'react';

import { Badge } from '../../components/ui/badge';
import { Label } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import {
  DONATION_TEXT,
  HYPEREMOTE_TIER_LABELS,
  HYPEREMOTE_TIER_MIN_PAISE,
  QUICK_AMOUNTS_RUPEES,
} from './donation.constants';
import { validAmountPaise } from './donation-form';

/**
 * The amount in rupees (spec 02 §5: min 1, max 100000). Locked at the streamer's hyperemote
 * price in hyperemote mode, with the price's tier when it is in the tiered range.
 */
export function AmountField({
  value,
  onChange,
  lockedPricePaise,
  showQuickAmounts = true,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Set in hyperemote mode: the field is read-only at this price. */
  lockedPricePaise?: number | null;
  showQuickAmounts?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const isLocked = lockedPricePaise != null;
  const amountPaise = validAmountPaise(value);

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
          min={1}
          max={100000}
          step="any"
          placeholder={DONATION_TEXT.amountPlaceholder}
          value={value}
          readOnly={isLocked}
          disabled={disabled}
          aria-describedby={hintId}
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
            {lockedPricePaise >= HYPEREMOTE_TIER_MIN_PAISE && (
              <Badge variant="brand">
                {HYPEREMOTE_TIER_LABELS[hyperemoteTier(lockedPricePaise)]}
              </Badge>
            )}
          </>
        ) : amountPaise !== null ? (
          <span className="font-medium text-slate-700">{formatRupees(amountPaise)}</span>
        ) : (
          <span>{DONATION_TEXT.amountHint}</span>
        )}
      </div>

      {showQuickAmounts && !isLocked && (
        <div
          role="group"
          aria-label={DONATION_TEXT.quickAmountsLabel}
          className="grid grid-cols-4 gap-2"
        >
          {QUICK_AMOUNTS_RUPEES.map((rupees) => {
            const isSelected = value === String(rupees);
            return (
              <button
                key={rupees}
                type="button"
                disabled={disabled}
                aria-pressed={isSelected}
                onClick={() => onChange(String(rupees))}
                className={cn(
                  'h-10 rounded-lg border text-sm font-semibold transition-colors disabled:opacity-50',
                  isSelected
                    ? 'border-brand-600 bg-brand-50 text-brand-800'
                    : 'border-slate-200 bg-white text-slate-700 hover:border-brand-300',
                )}
              >
                {formatRupees(rupees * 100)}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
