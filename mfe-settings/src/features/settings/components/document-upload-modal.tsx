import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID } from '@ajo/shared/constants';
import {
  DOCUMENT_ALREADY_EXISTS,
  ERROR_UPLOADING_DOCUMENT,
  SERVER_DOCUMENT_EXISTS,
} from '@ajo/shared/messages';
import {
  documentUploadFormSchema,
  type DocumentTypesResponse,
  type DocumentUploadFormValues,
} from '@ajo/shared/schemas';
import { Button, Select, TextField } from '@ajo/shared/ui';
import { Modal } from '@ajo/shared/ui/modal';
import { errorMessage, errorStatus, showToast } from '@ajo/remote-kit/services';
import { schemaResolver } from '@ajo/remote-kit/zod-form';
import { addIdentityDocument, fetchDocumentTypes, uploadDocumentFile } from '../api';
import styles from '../settings.module.css';

export type DocumentKind = 'residence' | 'identity';

/** What the storage accepts (checked again by content on the server). */
export const ACCEPTED_FILES = 'image/jpeg,image/png,application/pdf';
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const FILE_TOO_LARGE = 'The file is too large. The limit is 5 MB.';
export const FILE_WRONG_TYPE = 'Only JPEG, PNG or PDF files can be uploaded.';

/** images/{filename}: a safe, unique name the storage path rule accepts. */
export function storageFileName(file: File, now = Date.now()): string {
  const safe = file.name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return `${now}-${safe || 'document'}`.slice(0, 100);
}

/** SPEC §3: a proof of residence's key is a random generated string. */
export function generatedDocumentKey(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * SPEC §2 / §5 Proof of Residence modal (type 32 only, file and type; the key is generated) and
 * Identity Document modal (types without 32, file, type and document number): the file goes to
 * storage under images/{filename} with a progress percentage, then POST /identity-documents.
 */
export function DocumentUploadModal({
  kind,
  userId,
  onClose,
  onUploaded,
  onAlreadyHeld,
}: {
  kind: DocumentKind;
  userId: string | number;
  onClose: () => void;
  onUploaded: () => void;
  /** The server already holds a document of this type (an upload cut off by a reload, say). */
  onAlreadyHeld?: () => void;
}) {
  const [types, setTypes] = useState<DocumentTypesResponse['documents']>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const residence = kind === 'residence';
  const form = useForm<DocumentUploadFormValues>({
    resolver: schemaResolver<DocumentUploadFormValues>(documentUploadFormSchema),
    defaultValues: { document_type_id: '', document_number: '' },
  });

  useEffect(() => {
    fetchDocumentTypes()
      .then((all) =>
        setTypes(all.filter((t) => (t.id === PROOF_OF_RESIDENCE_DOCUMENT_TYPE_ID) === residence)),
      )
      .catch(() => setTypes([]));
  }, [residence]);

  const submit = form.handleSubmit(async (values) => {
    const file = values.file;
    if (file.size > MAX_FILE_BYTES) {
      form.setError('file', { message: FILE_TOO_LARGE });
      return;
    }
    if (!ACCEPTED_FILES.split(',').includes(file.type)) {
      form.setError('file', { message: FILE_WRONG_TYPE });
      return;
    }
    const name = storageFileName(file);
    let url: string;
    try {
      setProgress(0);
      url = await uploadDocumentFile(file, name, setProgress);
    } catch (error) {
      setProgress(null);
      await showToast('error', errorMessage(error, ERROR_UPLOADING_DOCUMENT));
      return;
    }
    try {
      const { message } = await addIdentityDocument({
        document_url: url,
        document_name: name,
        document_id: Number(values.document_type_id),
        document_key: residence ? generatedDocumentKey() : (values.document_number ?? '').trim(),
        user_id: String(userId),
      });
      await showToast('success', message);
      onUploaded();
    } catch (error) {
      const message = errorMessage(error, ERROR_UPLOADING_DOCUMENT);
      const held = errorStatus(error) === 409 || message === SERVER_DOCUMENT_EXISTS;
      // SPEC §8: the core banking system's duplicate answer is shown as 'Document Already Exists'.
      await showToast('error', held ? DOCUMENT_ALREADY_EXISTS : message);
      setProgress(null);
      // The list then shows the document the server holds, so the customer sees why.
      if (held) onAlreadyHeld?.();
    }
  });

  const title = residence ? 'Proof of Residence' : 'Identity Document';
  const errors = form.formState.errors;
  return (
    <Modal open onClose={onClose} title={`Upload ${title}`}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Select
          label="Document type"
          placeholder="Select document type"
          options={types.map((t) => ({ value: String(t.id), label: t.name }))}
          error={errors.document_type_id?.message}
          {...form.register('document_type_id')}
        />
        {residence ? null : (
          <TextField
            label="Document number"
            maxLength={30}
            error={errors.document_number?.message}
            {...form.register('document_number')}
          />
        )}
        <Controller
          control={form.control}
          name="file"
          render={({ field, fieldState }) => (
            <TextField
              label="File"
              type="file"
              accept={ACCEPTED_FILES}
              hint="A photo (JPEG or PNG) or a PDF, at most 5 MB"
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.files?.[0])}
            />
          )}
        />
        {progress !== null ? (
          <div>
            <progress
              className={styles.progress}
              max={100}
              value={progress}
              aria-label="Upload progress"
            />
            <p className={styles.muted} aria-live="polite">
              Uploading… {progress}%
            </p>
          </div>
        ) : null}
        <Button type="submit" loading={form.formState.isSubmitting}>
          Upload
        </Button>
      </form>
    </Modal>
  );
}
