import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/lazy-toast';

import { ApiError } from '../../lib/api';
import { apiErrorText } from '../../lib/api-error';
import { pickRecorderMimeType } from './recorder-format';
import {
  AUDIO_CONSTRAINTS,
  MAX_RECORDING_MS,
  RECORDING_CHUNK_MS,
  RECORDING_ERROR,
} from './voice-recorder.constants';
import type { VoiceRecordingValue } from './voice-recorder.types';
import { uploadVoiceRecording } from './voice-upload';
import { DONATION_TOASTS } from '../donation/donation.constants';

/** Spec 02 §4: idle → recording → recorded; 'requesting' covers the permission prompt. */
export type RecorderPhase = 'idle' | 'requesting' | 'recording' | 'recorded';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading' }
  | { status: 'uploaded'; uploadId: string; durationMs: number }
  /** `message` is the server's reason for refusing the audio (a 4xx), when it gave one. */
  | { status: 'failed'; message: string | null };

export type Recording = { blob: Blob; url: string; durationMs: number; hitLimit: boolean };

/**
 * Answers whose reason helps the fan: the audio itself refused (bad format, too long, too big)
 * or the server not taking uploads just now (too many in progress, storage full).
 */
const STATUSES_WITH_REASON = new Set([400, 413, 415, 422, 429, 503]);

type Session = {
  recorder: MediaRecorder;
  stream: MediaStream;
  timer: number;
  autoStop: number;
};

function isRecordingSupported(): boolean {
  return typeof MediaRecorder !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

function showRecordingError() {
  toast.error(RECORDING_ERROR.title, { description: RECORDING_ERROR.description });
}

function toValue(
  phase: RecorderPhase,
  upload: UploadState,
  reupload: () => Promise<string | null>,
): VoiceRecordingValue {
  if (phase === 'requesting' || phase === 'recording') return { status: 'recording' };
  if (phase === 'idle') return { status: 'none' };
  if (upload.status === 'uploaded') {
    return {
      status: 'uploaded',
      uploadId: upload.uploadId,
      durationMs: upload.durationMs,
      reupload,
    };
  }
  if (upload.status === 'failed') return { status: 'failed' };
  return { status: 'uploading' };
}

/**
 * Records a voice message with MediaRecorder and uploads it as soon as it is finished, so the
 * order can name the upload. Cleans up after itself: the microphone is released when recording
 * stops or the recorder goes away, object URLs are revoked and a running upload is aborted.
 */
export function useVoiceRecorder(onChange: (value: VoiceRecordingValue) => void) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [upload, setUpload] = useState<UploadState>({ status: 'idle' });

  const sessionRef = useRef<Session | null>(null);
  const uploadAbortRef = useRef<AbortController | null>(null);
  const recordingUrlRef = useRef<string | null>(null);
  const isMountedRef = useRef(false);

  const endSession = useCallback(() => {
    const session = sessionRef.current;
    if (!session) return;
    sessionRef.current = null;
    window.clearInterval(session.timer);
    window.clearTimeout(session.autoStop);
    stopTracks(session.stream);
  }, []);

  /** Uploads a finished recording; answers its upload id, or null when the upload failed. */
  const uploadRecording = useCallback(async (blob: Blob): Promise<string | null> => {
    uploadAbortRef.current?.abort();
    const controller = new AbortController();
    uploadAbortRef.current = controller;
    setUpload({ status: 'uploading' });
    try {
      const result = await uploadVoiceRecording(blob, controller.signal);
      setUpload({ status: 'uploaded', uploadId: result.upload_id, durationMs: result.duration_ms });
      return result.upload_id;
    } catch (error) {
      if (controller.signal.aborted) return null;
      const hasReason = error instanceof ApiError && STATUSES_WITH_REASON.has(error.status);
      setUpload({ status: 'failed', message: hasReason ? apiErrorText(error) : null });
      const { title, description } = DONATION_TOASTS.voiceUploadInvalid;
      toast.error(title, { description });
      return null;
    }
  }, []);

  /** Throws away the current recording and its upload. */
  const discard = useCallback(() => {
    uploadAbortRef.current?.abort();
    uploadAbortRef.current = null;
    if (recordingUrlRef.current) URL.revokeObjectURL(recordingUrlRef.current);
    recordingUrlRef.current = null;
    setRecording(null);
    setUpload({ status: 'idle' });
    setElapsedMs(0);
    setPhase('idle');
  }, []);

  const stop = useCallback(() => {
    const recorder = sessionRef.current?.recorder;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (sessionRef.current) return;
    discard();
    if (!isRecordingSupported()) {
      showRecordingError();
      return;
    }

    setPhase('requesting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia(AUDIO_CONSTRAINTS);
    } catch {
      setPhase('idle');
      showRecordingError();
      return;
    }
    if (!isMountedRef.current) {
      stopTracks(stream);
      return;
    }

    // Older Safari has no isTypeSupported; the browser's own default is used then.
    const isTypeSupported =
      typeof MediaRecorder.isTypeSupported === 'function'
        ? (type: string) => MediaRecorder.isTypeSupported(type)
        : undefined;
    const mimeType = pickRecorderMimeType(isTypeSupported);
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      stopTracks(stream);
      setPhase('idle');
      showRecordingError();
      return;
    }

    const chunks: Blob[] = [];
    const startedAt = performance.now();
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => {
      const durationMs = Math.min(performance.now() - startedAt, MAX_RECORDING_MS);
      endSession();
      if (!isMountedRef.current) return;
      // The recorder's own type is the truth (it may add codecs); the server checks content.
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      const url = URL.createObjectURL(blob);
      recordingUrlRef.current = url;
      const hitLimit = durationMs >= MAX_RECORDING_MS - RECORDING_CHUNK_MS / 2;
      setRecording({ blob, url, durationMs, hitLimit });
      setElapsedMs(durationMs);
      setPhase('recorded');
      void uploadRecording(blob);
    });

    recorder.start(RECORDING_CHUNK_MS);
    sessionRef.current = {
      recorder,
      stream,
      timer: window.setInterval(() => {
        setElapsedMs(Math.min(performance.now() - startedAt, MAX_RECORDING_MS));
      }, 250),
      autoStop: window.setTimeout(stop, MAX_RECORDING_MS),
    };
    setElapsedMs(0);
    setPhase('recording');
  }, [discard, endSession, stop, uploadRecording]);

  const retryUpload = useCallback(() => {
    if (recording) void uploadRecording(recording.blob);
  }, [recording, uploadRecording]);

  const reupload = useCallback(
    async () => (recording ? uploadRecording(recording.blob) : null),
    [recording, uploadRecording],
  );

  useEffect(() => onChange(toValue(phase, upload, reupload)), [onChange, phase, upload, reupload]);

  useEffect(() => {
    isMountedRef.current = true;
    return () => {
      isMountedRef.current = false;
      const recorder = sessionRef.current?.recorder;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      endSession();
      uploadAbortRef.current?.abort();
      if (recordingUrlRef.current) URL.revokeObjectURL(recordingUrlRef.current);
      recordingUrlRef.current = null;
    };
  }, [endSession]);

  return { phase, elapsedMs, recording, upload, start, stop, retryUpload };
}
