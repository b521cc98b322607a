import { useRef, useState } from 'react';
import {
  DOWNLOAD_URL_FAILED,
  FILE_UPLOAD_FAILED,
  FILE_UPLOADED,
  PICTURE_QUALITY_BAD,
  PICTURE_UPLOADED,
} from '@ajo/shared/messages';
import { Button, Spinner } from '@ajo/shared/ui';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { checkFace, MissingDownloadUrlError, uploadPhoto } from '../api';
import { captureFrame, randomPhotoFileName, type CapturedPhoto } from '../photo';
import { useCamera } from '../use-camera';
import styles from './onboarding.module.css';

type Phase =
  | { kind: 'camera' }
  | { kind: 'preview'; photo: CapturedPhoto }
  | { kind: 'checking'; photo: CapturedPhoto }
  | { kind: 'rejected'; photo: CapturedPhoto; message: string }
  | { kind: 'uploading'; photo: CapturedPhoto; percent: number }
  | { kind: 'upload-failed'; photo: CapturedPhoto; message: string }
  | { kind: 'uploaded'; photo: CapturedPhoto };

/**
 * SPEC §2 onboarding photo: capture from the front camera, accept or recapture; the accepted photo
 * must pass the face check (SPEC §5, default 'Picture quality is bad'), then is uploaded with a
 * progress percentage, then 'Picture Uploaded'. Reports the download URL (or null on recapture).
 */
export function FacePhotoCapture({ onPhotoUrl }: { onPhotoUrl: (url: string | null) => void }) {
  const camera = useCamera();
  const [phase, setPhase] = useState<Phase>({ kind: 'camera' });
  const attempt = useRef(0);

  const capture = () => {
    const video = camera.videoRef.current;
    if (!video) return;
    try {
      const photo = captureFrame(video);
      camera.stop();
      setPhase({ kind: 'preview', photo });
    } catch {
      setPhase({ kind: 'camera' });
    }
  };

  const recapture = () => {
    attempt.current += 1;
    onPhotoUrl(null);
    setPhase({ kind: 'camera' });
    void camera.start();
  };

  const upload = async (photo: CapturedPhoto, current: number) => {
    setPhase({ kind: 'uploading', photo, percent: 0 });
    try {
      const url = await uploadPhoto(photo.blob, randomPhotoFileName(), (percent) => {
        if (attempt.current === current) setPhase({ kind: 'uploading', photo, percent });
      });
      if (attempt.current !== current) return;
      setPhase({ kind: 'uploaded', photo });
      onPhotoUrl(url);
      void showToast('success', FILE_UPLOADED);
    } catch (error) {
      if (attempt.current !== current) return;
      // SPEC §8 photo upload: the file did not go up, or it did but no download URL came back.
      const message =
        error instanceof MissingDownloadUrlError
          ? DOWNLOAD_URL_FAILED
          : errorMessage(error, FILE_UPLOAD_FAILED);
      setPhase({ kind: 'upload-failed', photo, message });
      void showToast('error', message);
    }
  };

  const accept = async (photo: CapturedPhoto) => {
    const current = attempt.current;
    setPhase({ kind: 'checking', photo });
    try {
      await checkFace(photo.dataUrl);
    } catch (error) {
      if (attempt.current !== current) return;
      setPhase({ kind: 'rejected', photo, message: errorMessage(error, PICTURE_QUALITY_BAD) });
      return;
    }
    if (attempt.current === current) await upload(photo, current);
  };

  return (
    <fieldset className={styles.photo}>
      <legend>Your photo</legend>
      {phase.kind === 'camera' ? (
        <CameraView camera={camera} onCapture={capture} />
      ) : (
        <img className={styles.frame} src={phase.photo.dataUrl} alt="Your captured photo" />
      )}
      {phase.kind === 'preview' ? (
        <div className={styles.buttons}>
          <Button onClick={() => void accept(phase.photo)}>Accept</Button>
          <Button variant="secondary" onClick={recapture}>
            Recapture
          </Button>
        </div>
      ) : null}
      {phase.kind === 'checking' ? <Spinner label="Checking your picture…" /> : null}
      {phase.kind === 'uploading' ? (
        <>
          <progress
            className={styles.progress}
            max={100}
            value={phase.percent}
            aria-label="Upload progress"
          />
          <p className={styles.status} role="status">
            Uploading… {phase.percent}%
          </p>
        </>
      ) : null}
      {phase.kind === 'uploaded' ? <p className={styles.uploaded}>{PICTURE_UPLOADED}</p> : null}
      {phase.kind === 'rejected' || phase.kind === 'upload-failed' ? (
        <p className={styles.alert} role="alert">
          {phase.message}
        </p>
      ) : null}
      {phase.kind === 'upload-failed' ? (
        <Button onClick={() => void upload(phase.photo, attempt.current)}>Retry upload</Button>
      ) : null}
      {phase.kind === 'rejected' || phase.kind === 'upload-failed' || phase.kind === 'uploaded' ? (
        <Button variant="secondary" onClick={recapture}>
          Recapture
        </Button>
      ) : null}
    </fieldset>
  );
}

function CameraView(props: { camera: ReturnType<typeof useCamera>; onCapture: () => void }) {
  const { camera } = props;
  if (camera.status === 'error') {
    return (
      <>
        <p className={styles.alert} role="alert">
          {camera.problem}
        </p>
        <Button onClick={() => void camera.start()}>Try camera again</Button>
      </>
    );
  }
  if (camera.status === 'off') {
    return <Button onClick={() => void camera.start()}>Open camera</Button>;
  }
  return (
    <>
      <video
        ref={camera.videoRef}
        className={`${styles.frame} ${styles.mirrored}`}
        autoPlay
        muted
        playsInline
        aria-label="Camera preview"
      />
      {camera.status === 'starting' ? <Spinner label="Starting camera…" /> : null}
      <Button onClick={props.onCapture} disabled={camera.status !== 'on'}>
        Capture
      </Button>
    </>
  );
}
