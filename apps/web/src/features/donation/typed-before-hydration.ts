/**
 * What a fan typed into the server-rendered form before the page's script took over (issue
 * 25). The form hydrates as the server rendered it (empty) and would drop those words, so the
 * shell reads the fields before hydrating, keeps listening while React hydrates, and the form
 * takes them over right after.
 */
export type TypedFields = {
  name?: string;
  amountText?: string;
  message?: string;
  isAnonymous?: boolean;
};

/** The form's text fields by their `data-field`, and where each goes in the form's state. */
const TEXT_FIELDS = { name: 'name', amount: 'amountText', message: 'message' } as const;

let captured: TypedFields = {};

function recordField(element: EventTarget | null): void {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
  if (element instanceof HTMLInputElement && element.name === 'anonymous') {
    captured.isAnonymous = element.checked;
    return;
  }
  const key = TEXT_FIELDS[element.dataset.field as keyof typeof TEXT_FIELDS] ?? null;
  if (key) captured[key] = element.value;
}

const onInput = (event: Event) => recordField(event.target);

/** Reads the form's fields now and follows later typing, until `takeTypedFields`. */
export function captureTypedFields(root: Document): void {
  captured = {};
  for (const element of root.querySelectorAll('[data-field], input[name="anonymous"]')) {
    recordField(element);
  }
  // Dropping what is still empty keeps it from overriding what the device remembers.
  for (const [key, value] of Object.entries(captured)) {
    if (value === '' || value === false) delete captured[key as keyof TypedFields];
  }
  root.addEventListener('input', onInput, true);
  root.addEventListener('change', onInput, true);
}

/** The captured fields, once; stops following the page's typing (React has it now). */
export function takeTypedFields(): TypedFields {
  document.removeEventListener('input', onInput, true);
  document.removeEventListener('change', onInput, true);
  const typed = captured;
  captured = {};
  return typed;
}
