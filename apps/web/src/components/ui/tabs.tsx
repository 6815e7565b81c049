import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '../../lib/cn';

export type TabItem<Value extends string> = { value: Value; label: ReactNode };

/**
 * WAI-ARIA tabs: arrow keys move between tabs, Home/End jump, and only the active tab is in the
 * tab order. The caller owns the selected value and renders the matching panel.
 */
export function Tabs<Value extends string>({
  items,
  value,
  onChange,
  label,
  children,
  className,
}: {
  items: Array<TabItem<Value>>;
  value: Value;
  onChange: (value: Value) => void;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Value, HTMLButtonElement>());

  const focusTab = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onChange(item.value);
    tabRefs.current.get(item.value)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusTab(next);
  };

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <div
        role="tablist"
        aria-label={label}
        // Tabs wrap onto more rows on a narrow screen, so every one (the selected one too) is
        // always in view; none hides behind a scroll.
        className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {items.map((item, index) => {
          const isSelected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                if (element) tabRefs.current.set(item.value, element);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onChange(item.value)}
              onKeyDown={(event) => handleKeyDown(event, index)}
              className={cn(
                'flex-1 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                isSelected
                  ? 'bg-white text-slate-900 shadow-sm'
                  : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${value}`}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
