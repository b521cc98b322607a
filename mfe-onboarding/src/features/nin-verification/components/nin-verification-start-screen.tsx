import { useNinVerificationData } from '../nin-store';
import { NinDetailsView } from './nin-details-view';
import { NinStartForm } from './nin-start-form';

/** /nin-verification-start (SPEC §4 "NIN start"): the entry form until data is held, then the follow-on view. */
export function NinVerificationStartScreen() {
  const data = useNinVerificationData();
  return data ? <NinDetailsView data={data} /> : <NinStartForm />;
}
