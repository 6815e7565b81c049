import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

import { Label } from './input';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A labelled form control with an optional hint and error. It wires `id`, `aria-invalid` and
 * `aria-describedby` onto the control so screen readers announce the error with the field.
 */
export function Field({
  label,
  hint,
  error,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactElement<ControlProps>;
  className?: string;
}) {
  const generatedId = useId();
  const id = children.props.id ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className ?? 'flex flex-col gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error under it, announced when it appears; nothing when there is none. */
export function FieldError({ id, error }: { id: string | undefined; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600">
      {error}
    </p>
  );
}
