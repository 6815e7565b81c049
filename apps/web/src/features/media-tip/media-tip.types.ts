/**
 * What the donation form needs to know about the media picker (issue 26). Imported as a type
 * only, so the form's chunk does not pull in the picker, which loads lazily (the donation
 * page's script before Donate stays within its budget).
 */
export type MediaTipValue = {
  /** The upload the order names, once the server has taken and converted the file. */
  uploadId: string | undefined;
  /**
   * What stops a media tip now, worded by the picker (no file, still uploading, refused, below
   * the streamer's minimum for media tips), and the form field it belongs to.
   */
  problem: { field: 'media' | 'amount'; text: { title: string; description: string } } | null;
};

export interface MediaTipPickerProps {
  slug: string;
  /** The amount as typed: the picker checks it against the minimum for media tips. */
  amountText: string;
  onChange: (value: MediaTipValue) => void;
  disabled?: boolean;
}
