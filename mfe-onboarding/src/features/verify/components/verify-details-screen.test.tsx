import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@ajo/remote-kit/testing';
import { VerifyDetailsScreen } from './verify-details-screen';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

describe('/verify', () => {
  it('offers BVN and NIN verification as links to their start pages', () => {
    renderRoute(<VerifyDetailsScreen />, '/verify');
    expect(screen.getByRole('heading', { level: 1, name: 'Verify Details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /BVN Verification/ })).toHaveAttribute(
      'href',
      '/bvn-verification-start',
    );
    expect(screen.getByRole('link', { name: /NIN Verification/ })).toHaveAttribute(
      'href',
      '/nin-verification-start',
    );
  });

  it('goes to the NIN start page when NIN Verification is chosen', async () => {
    renderRoute(<VerifyDetailsScreen />, '/verify');
    await userEvent.setup().click(screen.getByRole('link', { name: /NIN Verification/ }));
    expect(screen.getByLabelText('current location')).toHaveTextContent('/nin-verification-start');
  });
});
