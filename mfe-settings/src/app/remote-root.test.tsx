import { render, screen } from '@testing-library/react';
import { customer, resetHost, session } from '@ajo/remote-kit/testing';
import { RemoteRoot } from './remote-root';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => {
  resetHost();
  // The tabs show once the customer is known; each tab's own calls are not needed here.
  session.setUser(customer());
});

describe('settings routes', () => {
  it.each([
    ['/settings', 'General'],
    ['/settings/delete-account', 'More'],
  ])('renders the Settings screen on %s with the %s tab open', async (path, tab) => {
    window.history.pushState(null, '', path);
    render(<RemoteRoot />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    // The two routes are one screen: what tells them apart is the tab each opens.
    expect(await screen.findByRole('tab', { selected: true })).toHaveAccessibleName(tab);
  });

  it('renders nothing on a path it does not own', () => {
    window.history.pushState(null, '', '/somewhere-else');
    const { container } = render(<RemoteRoot />);
    expect(container).toBeEmptyDOMElement();
  });
});
