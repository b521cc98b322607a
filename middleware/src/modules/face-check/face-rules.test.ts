import type { Detection } from './face-detector.js';
import { judgeDetection } from './face-rules.js';
import { FACE_MESSAGES } from './messages.js';

const face = (over: Partial<Detection['faces'][number]> = {}) => ({
  score: 0.95,
  x: 200,
  y: 100,
  width: 120,
  height: 130,
  ...over,
});
const detection = (over: Partial<Detection> = {}): Detection => ({
  width: 640,
  height: 480,
  luminance: 120,
  faces: [face()],
  ...over,
});

describe('judgeDetection (the face-check rules)', () => {
  it('passes one clear, large enough face in good light', () => {
    expect(judgeDetection(detection())).toEqual({ ok: true, faces: 1 });
  });

  it('calls a dark picture too dark before looking for faces', () => {
    expect(judgeDetection(detection({ luminance: 20, faces: [] }))).toEqual({
      ok: false,
      message: FACE_MESSAGES.tooDark,
    });
  });

  it('says no face when the detector found none', () => {
    expect(judgeDetection(detection({ faces: [] })).ok).toBe(false);
    expect(judgeDetection(detection({ faces: [] }))).toMatchObject({
      message: FACE_MESSAGES.noFace,
    });
  });

  it('refuses two faces of decent confidence but ignores a faint second candidate', () => {
    const two = detection({ faces: [face(), face({ x: 400, score: 0.7 })] });
    expect(judgeDetection(two)).toMatchObject({ message: FACE_MESSAGES.severalFaces });
    const faint = detection({ faces: [face(), face({ x: 400, score: 0.35 })] });
    expect(judgeDetection(faint)).toEqual({ ok: true, faces: 1 });
  });

  it('calls a face under 10% of the shorter side too small', () => {
    const small = detection({ faces: [face({ width: 40, height: 45 })] }); // 45 < 48
    expect(judgeDetection(small)).toMatchObject({ message: FACE_MESSAGES.tooSmall });
    const justEnough = detection({ faces: [face({ width: 45, height: 49 })] });
    expect(judgeDetection(justEnough).ok).toBe(true);
  });

  it("answers the SPEC's default 'Picture quality is bad' for a weak detection", () => {
    const weak = detection({ faces: [face({ score: 0.45 })] });
    expect(judgeDetection(weak)).toEqual({ ok: false, message: 'Picture quality is bad' });
  });
});
