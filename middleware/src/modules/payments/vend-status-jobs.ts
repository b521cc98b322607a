import { RetryLater, scheduleBackoff, type JobQueue } from '../../jobs/queue.js';
import { VEND_STATUS_QUERY, type VendService, type VendStatusPayload } from './vend-service.js';

/**
 * docs/domain.md "Pending outcomes": query an unknown outcome after about a minute, then a few more
 * times, and never reverse without a definite answer. 60 s after the purchase (the enqueue's
 * delay), then 2, 5, 15, 30 minutes and hourly: about 9 hours in all before the job dies.
 */
export const VEND_STATUS_BACKOFF = [120, 300, 900, 1800, 3600] as const;
export const VEND_STATUS_MAX_ATTEMPTS = 12;

export function registerVendStatusJobs(jobs: JobQueue, vends: VendService): void {
  jobs.define<VendStatusPayload>({
    kind: VEND_STATUS_QUERY,
    maxAttempts: VEND_STATUS_MAX_ATTEMPTS,
    backoff: scheduleBackoff(VEND_STATUS_BACKOFF),
    async handle({ reference }) {
      const status = await vends.refresh(reference);
      if (status === 'pending') throw new RetryLater('the aggregator has no definite answer yet');
    },
    async onDead({ reference }, ctx) {
      // The money stays held (outbound_holding) and the purchase pending: an operator settles it
      // with the aggregator's report. Reversing on a guess could pay for a vend twice.
      ctx.log.error(
        { reference, error: ctx.error },
        'bill payment still pending after every status query; needs an operator',
      );
    },
  });
}
