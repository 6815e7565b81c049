import type { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * Parses request input with a zod schema; the first issue's message becomes a 400 answer.
 * Schemas carry the spec's user-facing messages, so the API answers with the same words as
 * the form.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue?.message ?? 'Invalid request.';
  throw new AppError(
    400,
    'validation_error',
    field && isGenericMessage(message) ? `${field}: ${message}` : message,
  );
}

/** zod's built-in messages do not name the field; ours do, so only theirs get a prefix. */
function isGenericMessage(message: string): boolean {
  return /^(Invalid|Expected|Required|Too (big|small)|Unrecognized)/i.test(message);
}
