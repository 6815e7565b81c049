import { formatAmount } from '../../i18n/format';
import { localized, t } from '../../i18n/i18n';

/** The media picker's words (issue 26); the server's refusals are shown as it words them. */
export const MEDIA_TIP_TEXT = localized('media', {
  label: 'GIF or short video',
  choose: 'Choose a GIF or video',
  chooseAnother: 'Choose another file',
  hint: (maxMb: number, maxSeconds: number, video: boolean) => {
    const files = video ? 'GIF, WebP, MP4 or WEBM' : 'GIF or WebP';
    return t(
      video ? 'media.hintVideoFn' : 'media.hintGifFn',
      { maxMb, maxSeconds },
      `${files}, up to ${maxMb} MB and ${maxSeconds} seconds. The streamer reviews it before it is shown.`,
    );
  },
  minimum: (paise: number) => {
    const min = formatAmount(paise);
    return t('media.minimumFn', { min }, `GIF and video tips start at ${min}.`);
  },
  uploading: (percent: number) =>
    t('media.uploadingFn', { percent: String(percent) }, `Uploading… ${percent}%`),
  processing: 'Checking and converting your file…',
  ready: 'Ready: it will show on stream with your tip.',
  loading: 'Loading…',
  loadFailed: 'GIF and video tips could not be loaded. Please try again.',
  retry: 'Try again',
  previewLabel: 'Preview of your GIF or video',
  tooLarge: (maxMb: number) =>
    t(
      'media.tooLargeFn',
      { maxMb },
      `This file is too large. Media tips can be at most ${maxMb} MB.`,
    ),
  notSupported: 'This file is not a supported GIF, WebP, MP4 or WEBM file.',
  requiredTitle: 'GIF or Video Required',
  required: 'Please choose a GIF or video for your tip.',
  waitForUpload: 'Please wait for your GIF or video to finish uploading.',
  amountTitle: 'Invalid Amount',
  belowMinimum: (paise: number) => {
    const min = formatAmount(paise);
    return t(
      'media.belowMinimumFn',
      { min },
      `The minimum amount for a GIF or video tip is ${min}.`,
    );
  },
  videoUnavailable: 'Video tips are not available here right now. Please send a GIF instead.',
} as const);
