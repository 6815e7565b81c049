import { formatRupees } from '@shabaash/core';

/** The media picker's words (issue 26); the server's refusals are shown as it words them. */
export const MEDIA_TIP_TEXT = {
  label: 'GIF or short video',
  choose: 'Choose a GIF or video',
  chooseAnother: 'Choose another file',
  hint: (maxMb: number, maxSeconds: number, video: boolean) =>
    `${video ? 'GIF, WebP, MP4 or WEBM' : 'GIF or WebP'}, up to ${maxMb} MB and ${maxSeconds} seconds. The streamer reviews it before it is shown.`,
  minimum: (paise: number) => `GIF and video tips start at ${formatRupees(paise)}.`,
  uploading: (percent: number) => `Uploading… ${percent}%`,
  processing: 'Checking and converting your file…',
  ready: 'Ready: it will show on stream with your tip.',
  loading: 'Loading…',
  loadFailed: 'GIF and video tips could not be loaded. Please try again.',
  retry: 'Try again',
  previewLabel: 'Preview of your GIF or video',
  tooLarge: (maxMb: number) => `This file is too large. Media tips can be at most ${maxMb} MB.`,
  notSupported: 'This file is not a supported GIF, WebP, MP4 or WEBM file.',
  requiredTitle: 'GIF or Video Required',
  required: 'Please choose a GIF or video for your tip.',
  waitForUpload: 'Please wait for your GIF or video to finish uploading.',
  amountTitle: 'Invalid Amount',
  belowMinimum: (paise: number) =>
    `The minimum amount for a GIF or video tip is ${formatRupees(paise)}.`,
  videoUnavailable: 'Video tips are not available here right now. Please send a GIF instead.',
} as const;
