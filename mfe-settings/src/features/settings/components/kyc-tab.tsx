import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID } from '@ajo/shared/constants';
import type { User } from '@ajo/shared/entities';
import { formatNaira, isCommissionWallet, maskBvn } from '@ajo/shared/format';
import {
  BVN_NOT_AVAILABLE,
  DOCUMENTS_NOT_AVAILABLE,
  DOCUMENT_UPLOADED_BADGE,
  ERROR_UPDATING_BVN,
  ERROR_UPDATING_BVN_INVALID,
} from '@ajo/shared/messages';
import {
  bvnUpdateSchema,
  type BvnUpdateValues,
  type IdentityDocumentItem,
  type TransferLimitsResponse,
} from '@ajo/shared/schemas';
import { Badge, Button, TextField } from '@ajo/shared/ui';
import { Modal } from '@ajo/shared/ui/modal';
import { PinField } from '@ajo/shared/ui/money-fields';
import { errorMessage, errorStatus, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import {
  bvnRevealPayloadSchema,
  fetchIdentityDocuments,
  fetchTierLimits,
  revealBvn,
  updateBvn,
  type BvnRevealValues,
} from '../api';
import styles from '../settings.module.css';
import { DocumentUploadModal, type DocumentKind } from './document-upload-modal';

const ERROR_REVEALING_BVN = 'Error showing BVN';
const DOCUMENTS_NOT_LOADED =
  'We could not load your documents. Check your connection and try again.';

/** How often the tab looks again while a document is being reviewed. */
export const REVIEW_POLL_MS = 3000;

const REVIEW_BADGES = {
  pending: { tone: 'muted', text: 'In review' },
  approved: { tone: 'success', text: 'Approved' },
  rejected: { tone: 'danger', text: 'Rejected' },
} as const;

/**
 * SPEC §2 KYC: BVN, the two document kinds, and the tier they lead to (docs/domain.md "KYC tiers").
 */
export function KycTab({ user }: { user: User }) {
  const [documents, setDocuments] = useState<IdentityDocumentItem[] | null>(null);
  // A list that could not be read is not an empty one: saying 'not available' would hide a
  // document the server holds (and then refuses to take again).
  const [listFailed, setListFailed] = useState(false);
  const [limits, setLimits] = useState<TransferLimitsResponse | null>(null);
  const [bvnOpen, setBvnOpen] = useState(false);
  const [uploading, setUploading] = useState<DocumentKind | null>(null);
  // The user object carries the BVN masked (SPEC §3 bvn); the full number only after the PIN.
  const [bvn, setBvn] = useState(user.bvn ?? null);
  const [revealed, setRevealed] = useState<string | null>(null);
  const [revealOpen, setRevealOpen] = useState(false);
  const wallet = user.wallets.find((w) => !isCommissionWallet(w));

  const reload = useCallback(() => {
    fetchIdentityDocuments(user.id)
      .then((list) => {
        setDocuments(list);
        setListFailed(false);
      })
      .catch(() => setListFailed(true));
    if (wallet)
      fetchTierLimits(wallet.account_no)
        .then(setLimits)
        .catch(() => undefined);
  }, [user.id, wallet]);

  useEffect(reload, [reload]);
  const reviewing = documents?.some((d) => d.status === 'pending') ?? false;
  useEffect(() => {
    if (!reviewing) return undefined;
    const timer = setInterval(reload, REVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [reviewing, reload]);

  const residence = documents?.filter(
    (d) => d.document_type_id === PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID,
  );
  const identity = documents?.filter(
    (d) => d.document_type_id !== PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID,
  );

  return (
    <section className={styles.section} aria-labelledby="settings-kyc">
      <h2 id="settings-kyc">KYC</h2>
      <TierCard limits={limits} />

      <div className={styles.card}>
        <h3>BVN</h3>
        <div className={styles.row}>
          <span data-testid="bvn-value">
            {revealed ?? (bvn ? maskBvn(bvn) : BVN_NOT_AVAILABLE)}
          </span>
          {bvn && revealed === null ? (
            <Button variant="secondary" onClick={() => setRevealOpen(true)}>
              Show BVN
            </Button>
          ) : null}
          {revealed !== null ? (
            <Button variant="secondary" onClick={() => setRevealed(null)}>
              Hide BVN
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setBvnOpen(true)}>
            Update
          </Button>
        </div>
      </div>

      {listFailed ? (
        <div className={styles.card} role="alert">
          <p>{DOCUMENTS_NOT_LOADED}</p>
          <Button variant="secondary" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : null}
      <DocumentList
        title="Proof of Residence"
        documents={residence}
        onUpload={() => setUploading('residence')}
      />
      <DocumentList
        title="Identity Document"
        documents={identity}
        onUpload={() => setUploading('identity')}
      />

      <BvnModal
        open={bvnOpen}
        userId={user.id}
        onClose={() => setBvnOpen(false)}
        onUpdated={(value) => {
          setBvn(value);
          setRevealed(null);
          setBvnOpen(false);
        }}
      />
      <RevealBvnModal
        open={revealOpen}
        userId={user.id}
        onClose={() => setRevealOpen(false)}
        onRevealed={(value) => {
          setRevealed(value);
          setRevealOpen(false);
        }}
      />
      {uploading ? (
        <DocumentUploadModal
          kind={uploading}
          userId={user.id}
          onClose={() => setUploading(null)}
          onUploaded={() => {
            setUploading(null);
            reload();
          }}
          onAlreadyHeld={reload}
        />
      ) : null}
    </section>
  );
}

function TierCard({ limits }: { limits: TransferLimitsResponse | null }) {
  if (!limits) return null;
  return (
    <div className={styles.card} aria-labelledby="settings-tier">
      <h3 id="settings-tier">Account level: Tier {limits.tier}</h3>
      <dl className={styles.facts}>
        <dt>Daily limit</dt>
        <dd>{formatNaira(limits.dailyLimit)}</dd>
        <dt>Maximum balance</dt>
        <dd>{limits.maxBalance === null ? 'No limit' : formatNaira(limits.maxBalance)}</dd>
      </dl>
      {limits.tier < 3 ? (
        <p className={styles.muted}>
          Upload a proof of residence and an identity document. Once both are approved you move to
          Tier 3: a daily limit of {formatNaira(5_000_000)} and no maximum balance.
        </p>
      ) : null}
    </div>
  );
}

function DocumentList({
  title,
  documents,
  onUpload,
}: {
  title: string;
  documents: IdentityDocumentItem[] | undefined;
  onUpload: () => void;
}) {
  return (
    <div className={styles.card}>
      <h3>{title}</h3>
      {documents === undefined ? null : documents.length === 0 ? (
        <p className={styles.muted}>{DOCUMENTS_NOT_AVAILABLE}</p>
      ) : (
        <ul className={styles.documents} aria-label={`${title} documents`}>
          {documents.map((doc) => {
            const review = REVIEW_BADGES[doc.status];
            return (
              <li key={doc.id}>
                <span>{doc.description}</span>
                <Badge tone="primary">{DOCUMENT_UPLOADED_BADGE}</Badge>
                <Badge tone={review.tone}>{review.text}</Badge>
                {doc.review_note ? <span className={styles.muted}>{doc.review_note}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button variant="secondary" onClick={onUpload}>
          Upload {title}
        </Button>
      </div>
    </div>
  );
}

/** The transaction PIN, counted and locked like a money call's, shows the full BVN. */
function RevealBvnModal({
  open,
  userId,
  onClose,
  onRevealed,
}: {
  open: boolean;
  userId: string | number;
  onClose: () => void;
  onRevealed: (bvn: string) => void;
}) {
  const form = useForm<BvnRevealValues>({
    resolver: schemaResolver<BvnRevealValues>(bvnRevealPayloadSchema),
    defaultValues: { transaction_pin: '' },
  });
  const submit = form.handleSubmit(async ({ transaction_pin }) => {
    try {
      const full = await revealBvn(userId, transaction_pin);
      form.reset();
      onRevealed(full);
    } catch (error) {
      form.setError('transaction_pin', { message: errorMessage(error, ERROR_REVEALING_BVN) });
    }
  });
  return (
    <Modal open={open} onClose={onClose} title="Show BVN">
      <form className={styles.form} onSubmit={submit} noValidate>
        <PinField
          error={form.formState.errors.transaction_pin?.message}
          {...form.register('transaction_pin')}
        />
        <Button type="submit" loading={form.formState.isSubmitting}>
          Show BVN
        </Button>
      </form>
    </Modal>
  );
}

function BvnModal({
  open,
  userId,
  onClose,
  onUpdated,
}: {
  open: boolean;
  userId: string | number;
  onClose: () => void;
  onUpdated: (bvn: string) => void;
}) {
  const form = useForm<BvnUpdateValues>({
    resolver: schemaResolver<BvnUpdateValues>(bvnUpdateSchema),
    defaultValues: { bvn: '' },
  });
  const empty = form.watch('bvn') === '';
  const submit = form.handleSubmit(async ({ bvn }) => {
    try {
      await showToast('success', await updateBvn(userId, bvn));
      form.reset();
      onUpdated(bvn);
    } catch (error) {
      // SPEC §8: the server saying the body parameter is invalid has its own words.
      const message =
        errorStatus(error) === 400
          ? ERROR_UPDATING_BVN_INVALID
          : errorMessage(error, ERROR_UPDATING_BVN);
      await showToast('error', message);
    }
  });
  return (
    <Modal open={open} onClose={onClose} title="Update BVN">
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="BVN"
          numeric
          maxLength={11}
          hint="Numbers only"
          error={form.formState.errors.bvn?.message}
          {...form.register('bvn')}
        />
        <Button type="submit" disabled={empty} loading={form.formState.isSubmitting}>
          Update BVN
        </Button>
      </form>
    </Modal>
  );
}
