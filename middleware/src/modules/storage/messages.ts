// The words of POST /storage/upload.
export const UPLOAD_MESSAGES = {
  tooLarge: 'The file is too large. The limit is 5 MB.',
  wrongType: 'Only JPEG, PNG or PDF files can be uploaded.',
  badPath:
    'Invalid file path: use images/ followed by a file name of letters, digits, dots, dashes or underscores.',
} as const;
