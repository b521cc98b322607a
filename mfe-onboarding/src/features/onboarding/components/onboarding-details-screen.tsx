import { useEffect, useState } from 'react';
import { useSearchParams } from '@ajo/shared/router';
import {
  ERROR_FETCHING_DETAILS,
  VERIFICATION_COMPLETED,
  VERIFICATION_FAILED,
  VERIFICATION_RESTART_TEXT,
} from '@ajo/shared/messages';
import { onboardingDetailsSchema, type IdentityDetails as Details } from '@ajo/shared/schemas';
import { Button, Spinner } from '@ajo/shared/ui';
import { errorMessage, navigateAcrossApps, showToast } from '@ajo/remote-kit/services';
import { FormScreen } from '../../../lib/form-screen';
import formStyles from '../../../lib/form.module.css';
import { ninStore } from '../../nin-verification/nin-store';
import { VerificationFailed } from '../../verify/components/verification-outcome';
import { fetchAccountPhone, fetchIdentityDetails, verifyUser } from '../api';
import { FacePhotoCapture } from './face-photo-capture';
import { detailFields, IdentityDetails } from './identity-details';

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; details: Details };

/**
 * /onboarding?tid= (SPEC §2 "Onboarding BVN details screen"): the identity behind the tid, the face
 * photo, and Next, which activates the account (POST /verify-user) and goes to /dashboard.
 */
export function OnboardingDetailsScreen() {
  const [params] = useSearchParams();
  const tid = params.get('tid') ?? '';
  const [load, setLoad] = useState<Load>(tid ? { kind: 'loading' } : { kind: 'failed' });
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!tid) return;
    let current = true;
    setLoad({ kind: 'loading' });
    fetchIdentityDetails(tid)
      .then(withAccountPhone)
      .then(
        (details) => current && setLoad({ kind: 'loaded', details }),
        (error: unknown) => {
          if (!current) return;
          setLoad({ kind: 'failed' });
          void showToast('error', errorMessage(error, ERROR_FETCHING_DETAILS));
        },
      );
    return () => {
      current = false;
    };
  }, [tid]);

  if (load.kind === 'failed') {
    return (
      <VerificationFailed
        title={ERROR_FETCHING_DETAILS}
        message={VERIFICATION_RESTART_TEXT}
        kinds={['bvn', 'nin']}
      />
    );
  }
  if (load.kind === 'loading') {
    return (
      <FormScreen title="Onboarding">
        <Spinner size="large" label="Loading your details…" />
      </FormScreen>
    );
  }

  // SPEC §5: Next is enabled only when all detail fields, including the photo URL, are non-empty.
  const complete = onboardingDetailsSchema.safeParse({
    ...detailFields(load.details),
    photo_url: photoUrl ?? '',
  }).success;

  const activate = async () => {
    if (!photoUrl) return;
    setSubmitting(true);
    try {
      await verifyUser({ photo_url: photoUrl, tid });
      ninStore.clear();
      void showToast('success', VERIFICATION_COMPLETED);
      void navigateAcrossApps('/dashboard');
    } catch (error) {
      void showToast('error', verifyFailureMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <FormScreen title="Onboarding" lead="Check your details and take a clear photo of your face.">
      <IdentityDetails details={load.details} />
      <FacePhotoCapture onPhotoUrl={setPhotoUrl} />
      <div className={formStyles.actions}>
        <Button fullWidth disabled={!complete} loading={submitting} onClick={() => void activate()}>
          Next
        </Button>
      </div>
    </FormScreen>
  );
}

/** NIN identities carry no phone: show the account's own (failing that, the field stays empty). */
async function withAccountPhone(details: Details): Promise<Details> {
  if (details.phone_number_1) return details;
  const phone = await fetchAccountPhone().catch(() => null);
  return { ...details, phone_number_1: phone };
}

/** SPEC §8 verify-user: "failure shows the server data, else 'Verification Failed!'". */
function verifyFailureMessage(error: unknown): string {
  const data = (error as { data?: unknown } | null)?.data;
  if (typeof data === 'string' && data.trim() !== '') return data;
  return errorMessage(error, VERIFICATION_FAILED);
}
