import { captureFrame, JPEG_QUALITY, MAX_PHOTO_WIDTH } from './photo';

/** jsdom has no canvas: a stand-in that records what the capture asked of it. */
function fakeCanvas() {
  const drawn: number[][] = [];
  const canvas = {
    width: 0,
    height: 0,
    quality: 0,
    type: '',
    drawn,
    getContext: () => ({
      drawImage: (_source: unknown, ...box: number[]) => drawn.push(box),
    }),
    toDataURL(type: string, quality: number) {
      canvas.type = type;
      canvas.quality = quality;
      return `data:${type};base64,${btoa('jpeg bytes')}`;
    },
  };
  return canvas;
}

function videoOf(videoWidth: number, videoHeight: number) {
  return { videoWidth, videoHeight } as HTMLVideoElement;
}

describe('captureFrame', () => {
  let canvas: ReturnType<typeof fakeCanvas>;
  beforeEach(() => {
    canvas = fakeCanvas();
    const create = document.createElement.bind(document);
    jest
      .spyOn(document, 'createElement')
      .mockImplementation((tag: string) =>
        tag === 'canvas' ? (canvas as unknown as HTMLCanvasElement) : create(tag),
      );
  });
  afterEach(() => jest.restoreAllMocks());

  it('scales a full-HD camera frame down to the photo width, keeping its shape', () => {
    const photo = captureFrame(videoOf(1920, 1080));
    expect([canvas.width, canvas.height]).toEqual([MAX_PHOTO_WIDTH, 360]);
    expect(canvas.drawn).toEqual([[0, 0, MAX_PHOTO_WIDTH, 360]]);
    expect(canvas.type).toBe('image/jpeg');
    expect(canvas.quality).toBe(JPEG_QUALITY);
    expect(photo.blob.type).toBe('image/jpeg');
    expect(photo.blob.size).toBe('jpeg bytes'.length);
  });

  it('never scales a small frame up', () => {
    captureFrame(videoOf(480, 640));
    expect([canvas.width, canvas.height]).toEqual([480, 640]);
  });

  it('stays at most 640 px wide, the size the avatar and the face check need', () => {
    expect(MAX_PHOTO_WIDTH).toBeLessThanOrEqual(640);
    captureFrame(videoOf(1280, 960));
    expect(canvas.width).toBe(640);
  });
});
