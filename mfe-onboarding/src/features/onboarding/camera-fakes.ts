// jsdom has no camera, canvas or media playback: test doubles for getUserMedia, the 2D canvas and
// <video>.play(), installed per test and restored after.
export const FAKE_JPEG_DATA_URL = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';

export interface FakeCamera {
  getUserMedia: jest.Mock;
  track: { stop: jest.Mock };
}

export function installCameraFakes(): FakeCamera {
  const track = { stop: jest.fn() };
  const stream = { getTracks: () => [track] };
  const getUserMedia = jest.fn().mockResolvedValue(stream);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue({ drawImage: jest.fn() } as unknown as CanvasRenderingContext2D);
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(FAKE_JPEG_DATA_URL);
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return { getUserMedia, track };
}

export function removeCameraFakes(): void {
  jest.restoreAllMocks();
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
}

/** A DOMException-like camera failure (NotAllowedError, NotFoundError…). */
export function cameraError(name: string): Error {
  return Object.assign(new Error(name), { name });
}
