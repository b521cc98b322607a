import type { Detection } from './face-detector.js';
import { FACE_MESSAGES } from './messages.js';

/*
 * The face check's rules: too dark, no face, several faces, too small, anything else
 * weak → SPEC §7's default 'Picture quality is bad'. Thresholds are tuned on the NASA portrait
 * fixture and pictures built from it (face-check.test.ts).
 */
export const FACE_RULES = {
  /** Mean luminance (0–255) under which the picture is too dark to judge. */
  minLuminance: 40,
  /** A second face counts from this score ("decent confidence"). */
  countScore: 0.5,
  /** The one face must score at least this to pass. */
  passScore: 0.6,
  /** The face box's longer side must be at least this share of the picture's shorter side. */
  minFaceShare: 0.1,
} as const;

export type FaceVerdict = { ok: true; faces: 1 } | { ok: false; message: string };

export function judgeDetection(d: Detection): FaceVerdict {
  if (d.luminance < FACE_RULES.minLuminance) return { ok: false, message: FACE_MESSAGES.tooDark };
  if (d.faces.length === 0) return { ok: false, message: FACE_MESSAGES.noFace };
  const decent = d.faces.filter((f) => f.score >= FACE_RULES.countScore);
  if (decent.length > 1) return { ok: false, message: FACE_MESSAGES.severalFaces };
  const best = d.faces.reduce((a, b) => (b.score > a.score ? b : a));
  const shorterSide = Math.min(d.width, d.height);
  if (Math.max(best.width, best.height) < FACE_RULES.minFaceShare * shorterSide)
    return { ok: false, message: FACE_MESSAGES.tooSmall };
  if (best.score < FACE_RULES.passScore) return { ok: false, message: FACE_MESSAGES.badQuality };
  return { ok: true, faces: 1 };
}
