import type { DocumentForReview, DocumentReview, DocumentReviewer } from './index.js';

export const UNREADABLE_DOCUMENT =
  'We could not read this document. Please upload a clear photo or scan of the whole document.';
export const DOCUMENT_NUMBER_MISMATCH =
  'The document number does not match the document. Please check it and upload again.';

/**
 * Sandbox reviewer (middleware README "Sandbox document review"): decides by what the customer
 * typed, so every outcome can be reached on purpose. A file name containing "unreadable" is
 * rejected as unreadable; an identity document number starting with 000 is rejected as not
 * matching; everything else is approved.
 */
export class SandboxDocumentReviewer implements DocumentReviewer {
  async review(document: DocumentForReview): Promise<DocumentReview> {
    if (/unreadable/i.test(document.documentName))
      return { outcome: 'rejected', note: UNREADABLE_DOCUMENT };
    if (document.documentKey.startsWith('000'))
      return { outcome: 'rejected', note: DOCUMENT_NUMBER_MISMATCH };
    return { outcome: 'approved' };
  }
}
