/** What every upload route (voice recordings, settings images and sounds) answers alike. */
export const UPLOAD_MESSAGES = {
  malformed: 'The upload was cut off or garbled on the way. Please try again.',
  tooManyInProgress:
    'Too many uploads from your network are still in progress. Please wait for them to finish.',
  serverBusy: 'The server is receiving too many uploads right now. Please try again in a minute.',
} as const;
