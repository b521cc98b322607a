import { useCallback, useEffect, useRef, useState } from 'react';

// Camera problems have no SPEC message; these say what happened and what to do.
export const CAMERA_DENIED =
  'Camera access was denied. Allow camera access for this site in your browser settings, then try again.';
export const CAMERA_MISSING = 'No camera was found. Connect a camera, then try again.';
export const CAMERA_FAILED =
  'The camera could not be started. Close other apps using it, then try again.';

export type CameraStatus = 'off' | 'starting' | 'on' | 'error';

function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_DENIED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return CAMERA_MISSING;
  return CAMERA_FAILED;
}

function stopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * The front camera (SPEC §2 "front camera": facingMode 'user') in a <video>. Tracks are stopped on
 * stop(), on unmount, and when a stream arrives after unmount, so the camera light never stays on.
 */
export function useCamera() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const mounted = useRef(true);
  const [status, setStatus] = useState<CameraStatus>('off');
  const [problem, setProblem] = useState<string | null>(null);

  const stop = useCallback(() => {
    stopTracks(streamRef.current);
    streamRef.current = null;
    if (mounted.current) setStatus('off');
  }, []);

  const start = useCallback(async () => {
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem(CAMERA_MISSING);
      setStatus('error');
      return;
    }
    setStatus('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user' },
        audio: false,
      });
      if (!mounted.current) return stopTracks(stream);
      stopTracks(streamRef.current);
      streamRef.current = stream;
      setStatus('on');
    } catch (error) {
      if (!mounted.current) return;
      setProblem(cameraProblem(error));
      setStatus('error');
    }
  }, []);

  // Attach the stream once the <video> is rendered for the 'on' state.
  useEffect(() => {
    const video = videoRef.current;
    if (status !== 'on' || !video) return;
    video.srcObject = streamRef.current;
    void video.play?.()?.catch(() => undefined);
  }, [status]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopTracks(streamRef.current);
      streamRef.current = null;
    };
  }, []);

  return { videoRef, status, problem, start, stop };
}
