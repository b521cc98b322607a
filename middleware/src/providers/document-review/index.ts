/**
 * Document review (docs/domain.md "KYC tiers": tier 3 needs an address and an ID document). A real
 * provider is a KYC vendor or the back office; the product only needs its verdict on one document.
 */
export interface DocumentForReview {
  documentTypeId: number;
  /** The document number (identity documents) or a generated key (proof of residence). */
  documentKey: string;
  /** The file name the customer uploaded. */
  documentName: string;
  contentType: string;
}

export type DocumentReview =
  | { outcome: 'approved' }
  | {
      outcome: 'rejected';
      /** Shown to the customer: what to do about it. */
      note: string;
    };

export interface DocumentReviewer {
  review(document: DocumentForReview): Promise<DocumentReview>;
}
