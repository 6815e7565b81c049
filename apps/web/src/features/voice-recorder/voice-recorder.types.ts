/**
 * What the donation form needs to know about the recorder. Imported as a type only, so the
 * form's chunk does not pull in the recorder, which loads lazily.
 */
export type VoiceRecordingValue =
  | { status: 'none' }
  | { status: 'recording' }
  | { status: 'uploading' }
  | {
      status: 'uploaded';
      uploadId: string;
      durationMs: number;
      /**
       * Uploads the same recording again and answers the new upload id (null when that failed):
       * an order the fan abandoned has claimed the first upload for good.
       */
      reupload: () => Promise<string | null>;
    }
  | { status: 'failed' };

export const NO_VOICE_RECORDING: VoiceRecordingValue = { status: 'none' };

export interface VoiceRecorderProps {
  /** Told every time the recording or its upload changes. */
  onChange: (value: VoiceRecordingValue) => void;
  /** False while the recorder is hidden (another donation type): a running recording stops. */
  active?: boolean;
  /** Visible label; "Voice message" by default. */
  label?: string;
  disabled?: boolean;
}
