import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DOWNLOAD_URL_FAILED,
  FILE_UPLOAD_FAILED,
  FILE_UPLOADED,
  PICTURE_QUALITY_BAD,
} from '@ajo/shared/messages';
import { api, apiError, resetHost, toasts } from '@ajo/remote-kit/testing';
import {
  cameraError,
  FAKE_JPEG_DATA_URL,
  installCameraFakes,
  removeCameraFakes,
  type FakeCamera,
} from '../camera-fakes';
import { JPEG_QUALITY } from '../photo';
import { CAMERA_DENIED, CAMERA_MISSING } from '../use-camera';
import { FacePhotoCapture } from './face-photo-capture';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

let camera: FakeCamera;
const onPhotoUrl = jest.fn();
const UPLOADED = { path: 'images/a.jpg', url: '/api/sandbox/files/images/a.jpg' };

beforeEach(() => {
  resetHost();
  onPhotoUrl.mockReset();
  camera = installCameraFakes();
});
afterEach(removeCameraFakes);

async function captureAPhoto() {
  const user = userEvent.setup();
  const view = render(<FacePhotoCapture onPhotoUrl={onPhotoUrl} />);
  await user.click(screen.getByRole('button', { name: 'Open camera' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Capture' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Capture' }));
  return { user, ...view };
}

describe('face photo capture', () => {
  it('opens the front camera and shows the captured JPEG for accept or recapture', async () => {
    await captureAPhoto();
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'user' },
      audio: false,
    });
    expect(HTMLCanvasElement.prototype.toDataURL).toHaveBeenCalledWith('image/jpeg', JPEG_QUALITY);
    expect(screen.getByRole('img', { name: 'Your captured photo' })).toHaveAttribute(
      'src',
      FAKE_JPEG_DATA_URL,
    );
    // The camera is released while the photo is reviewed.
    expect(camera.track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Recapture' })).toBeEnabled();
  });

  it('recaptures by reopening the camera', async () => {
    const { user } = await captureAPhoto();
    await user.click(screen.getByRole('button', { name: 'Recapture' }));
    expect(camera.getUserMedia).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: 'Capture' })).toBeInTheDocument();
    expect(onPhotoUrl).toHaveBeenLastCalledWith(null);
  });

  it('checks the face, uploads the JPEG with a visible percentage and reports the URL', async () => {
    api.encrypted.post.mockResolvedValue({
      status: 200,
      data: { message: 'Face detected', faces: 1 },
    });
    let progress: ((p: { loaded: number; total?: number }) => void) | undefined;
    let finish: (value: unknown) => void = () => undefined;
    api.post.mockImplementation((_url, _body, options) => {
      progress = options.onUploadProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const { user } = await captureAPhoto();
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(api.encrypted.post).toHaveBeenCalledWith('/services/detect-face', {
      image: FAKE_JPEG_DATA_URL,
    });
    const [url, body, options] = api.post.mock.calls[0];
    expect(url).toBe('/storage/upload');
    expect(options.params.path).toMatch(/^images\/[\w-]+\.jpg$/);
    expect(options.headers).toEqual({ 'Content-Type': 'image/jpeg' });
    expect(body).toBeInstanceOf(Blob);
    expect((body as Blob).type).toBe('image/jpeg');

    expect(screen.getByText('Uploading… 0%')).toBeInTheDocument();
    act(() => progress?.({ loaded: 42, total: 100 }));
    expect(screen.getByText('Uploading… 42%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'value',
      '42',
    );

    await act(async () => finish({ status: 201, data: UPLOADED }));
    expect(await screen.findByText('Picture Uploaded')).toBeInTheDocument();
    expect(onPhotoUrl).toHaveBeenLastCalledWith(UPLOADED.url);
    expect(toasts()).toEqual([['success', FILE_UPLOADED]]);
  });

  it.each([
    [
      'the server reason',
      apiError(422, 'No face was found in the picture. Please face the camera in good light.'),
      'No face was found in the picture. Please face the camera in good light.',
    ],
    ['the SPEC default', apiError(500), PICTURE_QUALITY_BAD],
  ])(
    'shows %s when the face check fails and lets the user recapture',
    async (_n, failure, text) => {
      api.encrypted.post.mockRejectedValue(failure);
      const { user } = await captureAPhoto();
      await user.click(screen.getByRole('button', { name: 'Accept' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(api.post).not.toHaveBeenCalled();
      expect(onPhotoUrl).not.toHaveBeenCalledWith(expect.any(String));
      await user.click(screen.getByRole('button', { name: 'Recapture' }));
      expect(await screen.findByRole('button', { name: 'Capture' })).toBeInTheDocument();
    },
  );

  it.each([
    ['the upload fails', () => Promise.reject(apiError(500)), FILE_UPLOAD_FAILED],
    [
      'the server refuses the file',
      () => Promise.reject(apiError(413, 'The file is too large. The limit is 5 MB.')),
      'The file is too large. The limit is 5 MB.',
    ],
    [
      'no download URL comes back',
      () => Promise.resolve({ status: 201, data: { path: 'images/a.jpg' } }),
      DOWNLOAD_URL_FAILED,
    ],
  ])('shows the message when %s and can retry the upload', async (_n, answer, message) => {
    api.encrypted.post.mockResolvedValue({ status: 200, data: { message: 'Face detected' } });
    api.post.mockImplementationOnce(answer);
    const { user } = await captureAPhoto();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(toasts()).toEqual([['error', message]]);
    expect(onPhotoUrl).not.toHaveBeenCalledWith(expect.any(String));

    api.post.mockResolvedValueOnce({ status: 201, data: UPLOADED });
    await user.click(screen.getByRole('button', { name: 'Retry upload' }));
    expect(await screen.findByText('Picture Uploaded')).toBeInTheDocument();
    expect(onPhotoUrl).toHaveBeenLastCalledWith(UPLOADED.url);
  });

  it.each([
    ['denied', cameraError('NotAllowedError'), CAMERA_DENIED],
    ['absent', cameraError('NotFoundError'), CAMERA_MISSING],
  ])('explains a camera that is %s and retries', async (_n, failure, message) => {
    camera.getUserMedia.mockRejectedValueOnce(failure);
    const user = userEvent.setup();
    render(<FacePhotoCapture onPhotoUrl={onPhotoUrl} />);
    await user.click(screen.getByRole('button', { name: 'Open camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Try camera again' }));
    expect(await screen.findByRole('button', { name: 'Capture' })).toBeInTheDocument();
    expect(camera.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('explains a browser without camera support', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    const user = userEvent.setup();
    render(<FacePhotoCapture onPhotoUrl={onPhotoUrl} />);
    await user.click(screen.getByRole('button', { name: 'Open camera' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CAMERA_MISSING);
  });

  it('stops the camera tracks on unmount', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<FacePhotoCapture onPhotoUrl={onPhotoUrl} />);
    await user.click(screen.getByRole('button', { name: 'Open camera' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Capture' })).toBeEnabled());
    expect(camera.track.stop).not.toHaveBeenCalled();
    unmount();
    expect(camera.track.stop).toHaveBeenCalled();
  });
});
