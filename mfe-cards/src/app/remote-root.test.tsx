import { render, screen } from '@testing-library/react';
import { customer, resetHost, session } from '@ajo/remote-kit/testing';
import contributions from '../../remote.json';
import { RemoteRoot } from './remote-root';

jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);

beforeEach(() => resetHost());

describe('cards routes', () => {
  // Every route remote.json declares has its screen here, headed with the route's label (the
  // breadcrumb and document title the shell shows for it).
  it.each(contributions.routes)('shows its screen on $path, titled $label', async (route) => {
    session.setUser(customer());
    window.history.pushState(null, '', route.path);
    render(<RemoteRoot />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(route.label);
  });

  it('renders nothing on a path it does not own', () => {
    window.history.pushState(null, '', '/somewhere-else');
    const { container } = render(<RemoteRoot />);
    expect(container).toBeEmptyDOMElement();
  });
});
