// The words of POST /services/detect-face (SPEC §7 "Face photo must
// pass a server face check; default failure message 'Picture quality is bad'").
export const FACE_MESSAGES = {
  detected: 'Face detected',
  noFace: 'No face was found in the picture. Please face the camera in good light.',
  severalFaces: 'More than one face was found. Please take the picture alone.',
  tooDark: 'The picture is too dark. Please move to a brighter place.',
  tooSmall: 'Your face is too small in the picture. Please move closer to the camera.',
  badQuality: 'Picture quality is bad',
  undecodable: 'The picture could not be read. Please send a JPEG or PNG image.',
  tooLarge: 'The file is too large. The limit is 5 MB.',
  tooManyPixels:
    'The picture is too large to check (more than 4 megapixels). Please take a new photo with the camera.',
  alreadyChecking: 'Your last picture is still being checked. Please wait for its answer.',
  busy: 'The face check is busy. Please try again in a moment.',
  timeout: 'The face check took too long. Please try again.',
} as const;
