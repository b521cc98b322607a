import type { Migration } from 'kysely';
import * as m0001 from './0001-core.js';
import * as m0002 from './0002-ledger.js';
import * as m0003 from './0003-auth.js';
import * as m0004 from './0004-identity.js';
import * as m0005 from './0005-uploads.js';
import * as m0006 from './0006-funding.js';
import * as m0007 from './0007-money.js';
import * as m0009 from './0009-jobs.js';
import * as m0010 from './0010-files.js';
import * as m0011 from './0011-sandbox-provider-state.js';
import * as m0012 from './0012-transfers.js';
import * as m0014 from './0014-payments.js';
import * as m0015 from './0015-settings.js';
import * as m0016 from './0016-referrals.js';
import * as m0017 from './0017-sessions.js';
import * as m0018 from './0018-pin-attempt-times.js';
import * as m0019 from './0019-instance-liveness.js';
import * as m0021 from './0021-face-check-passes.js';
import * as m0023 from './0023-alerts.js';
import * as m0024 from './0024-disputes.js';
import * as m0025 from './0025-pending-money-indexes.js';
import * as m0026 from './0026-money-locks-leave-foreign-keys-alone.js';
import * as m0027 from './0027-cable-tv.js';
import * as m0028 from './0028-cards.js';

// Listed by hand (no filesystem scanning) so the same list works from src under tsx/jest and
// from dist. Keys sort in apply order; add one line per migration.
export const migrations: Record<string, Migration> = {
  '0001-core': m0001,
  '0002-ledger': m0002,
  '0003-auth': m0003,
  '0004-identity': m0004,
  '0005-uploads': m0005,
  '0006-funding': m0006,
  '0007-money': m0007,
  '0009-jobs': m0009,
  '0010-files': m0010,
  '0011-sandbox-provider-state': m0011,
  '0012-transfers': m0012,
  '0014-payments': m0014,
  '0015-settings': m0015,
  '0016-referrals': m0016,
  '0017-sessions': m0017,
  '0018-pin-attempt-times': m0018,
  '0019-instance-liveness': m0019,
  '0021-face-check-passes': m0021,
  '0023-alerts': m0023,
  '0024-disputes': m0024,
  '0025-pending-money-indexes': m0025,
  '0026-money-locks-leave-foreign-keys-alone': m0026,
  '0027-cable-tv': m0027,
  '0028-cards': m0028,
};
