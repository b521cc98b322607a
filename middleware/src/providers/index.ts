import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { AppAttestation } from './app-attestation/index.js';
import { SandboxAppAttestation } from './app-attestation/sandbox.js';
import type { BankSwitch } from './bank-switch/index.js';
import { SandboxBankSwitch } from './bank-switch/sandbox.js';
import type { BillAggregator } from './bill-aggregator/index.js';
import { SandboxBillAggregator } from './bill-aggregator/sandbox.js';
import type { CardCheckout } from './card-checkout/index.js';
import { SandboxCardCheckout } from './card-checkout/sandbox.js';
import type { DocumentReviewer } from './document-review/index.js';
import { SandboxDocumentReviewer } from './document-review/sandbox.js';
import { DatabaseFileStorage } from './file-storage/database.js';
import type { FileStorage } from './file-storage/index.js';
import { S3FileStorage } from './file-storage/s3.js';
import type { IdentityProvider } from './identity/index.js';
import { SandboxIdentityProvider } from './identity/sandbox.js';
import type { Notifier } from './notifier/index.js';
import { SandboxNotifier } from './notifier/sandbox.js';
import { createUrlSigner } from '../security/signed-urls.js';

/** Every third party the routes talk to (docs/architecture.md "The middleware"). */
export interface Providers {
  mode: 'sandbox';
  bankSwitch: BankSwitch;
  billAggregator: BillAggregator;
  identity: IdentityProvider;
  notifier: Notifier;
  fileStorage: FileStorage;
  cardCheckout: CardCheckout;
  appAttestation: AppAttestation;
  documentReview: DocumentReviewer;
  /** Present only in sandbox mode: the outbox the sandbox routes read. */
  sandboxOutbox?: SandboxNotifier;
}

/**
 * Picks the implementations named by PROVIDERS. Only sandboxes exist so far; loadConfig already
 * refuses them in production mode, and this refuses again in case a caller built a config by hand.
 */
export function createProviders(
  config: Config,
  db: Kysely<Database>,
  print?: (line: string) => void,
  now: () => Date = () => new Date(),
): Providers {
  if (config.production) throw new Error('Sandbox providers are refused in production mode');
  const notifier = new SandboxNotifier(db, print);
  return {
    mode: 'sandbox',
    bankSwitch: new SandboxBankSwitch(db, { now }),
    billAggregator: new SandboxBillAggregator(db, now),
    identity: new SandboxIdentityProvider(),
    notifier,
    fileStorage: createFileStorage(config, db, now),
    cardCheckout: new SandboxCardCheckout(),
    appAttestation: new SandboxAppAttestation(config.appCheck.secret, config.appCheck.ttlSeconds),
    documentReview: new SandboxDocumentReviewer(),
    sandboxOutbox: notifier,
  };
}

/** FILE_STORAGE: the database (default, sandbox) or S3-compatible object storage. */
export function createFileStorage(
  config: Config,
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): FileStorage {
  const settings = config.fileStorage;
  return settings.kind === 's3'
    ? new S3FileStorage(settings)
    : new DatabaseFileStorage(db, createUrlSigner(config.jwt.secret, now), config.publicBaseUrl);
}
