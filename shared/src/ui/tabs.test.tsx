import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from './tabs';

const tabs = [
  { id: 'general', label: 'General', content: <p>Profile</p> },
  { id: 'security', label: 'Security', content: <p>Security pin</p> },
  { id: 'kyc', label: 'KYC', content: <p>BVN</p>, disabled: true },
  { id: 'more', label: 'More', content: <p>Delete Account</p> },
];

describe('Tabs', () => {
  it('selects the first tab and shows its panel', () => {
    render(<Tabs tabs={tabs} label="Settings" />);
    expect(screen.getByRole('tablist', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'General' })).toHaveTextContent('Profile');
    expect(screen.queryByText('Security pin')).not.toBeInTheDocument();
  });

  it('keeps only the selected tab in the Tab order', () => {
    render(<Tabs tabs={tabs} label="Settings" />);
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('tabindex', '-1');
  });

  it('moves and selects with the arrow keys, skipping disabled tabs and wrapping', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Settings" />);
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Security' })).toHaveTextContent('Security pin');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'More' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'More' })).toHaveAttribute('aria-selected', 'true');
  });

  it('jumps with Home and End', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Settings" />);
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'More' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'General' })).toHaveFocus();
  });

  it('uses up and down arrows when vertical', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Settings" orientation="vertical" />);
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  });

  it('can be controlled (SPEC §2: /settings/delete-account opens More)', async () => {
    const onChange = jest.fn();
    function Controlled() {
      const [selected, setSelected] = useState('more');
      return (
        <Tabs
          tabs={tabs}
          label="Settings"
          selectedId={selected}
          onChange={(id) => {
            onChange(id);
            setSelected(id);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tabpanel', { name: 'More' })).toHaveTextContent('Delete Account');
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(onChange).toHaveBeenCalledWith('general');
    expect(screen.getByRole('tabpanel', { name: 'General' })).toBeInTheDocument();
  });
});

describe('Tabs on a narrow screen (more tabs than fit)', () => {
  const sizes = { scrollWidth: 0, clientWidth: 0 };
  beforeEach(() => {
    sizes.scrollWidth = 700;
    sizes.clientWidth = 390;
    for (const key of ['scrollWidth', 'clientWidth'] as const)
      Object.defineProperty(HTMLElement.prototype, key, {
        configurable: true,
        get(this: HTMLElement) {
          return this.getAttribute('role') === 'tablist' ? sizes[key] : 0;
        },
      });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });

  it('shows a hint at the edge where more tabs are, and moves there when pressed', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} label="Settings" />);
    const list = screen.getByRole('tablist', { name: 'Settings' });
    const scrollBy = jest.fn();
    list.scrollBy = scrollBy;
    expect(screen.getByRole('button', { name: 'Show more tabs' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show earlier tabs' })).not.toBeInTheDocument();
    // Hints are not tab stops: the arrow keys move between tabs.
    expect(screen.getByRole('button', { name: 'Show more tabs' })).toHaveAttribute('tabindex', '-1');
    await user.click(screen.getByRole('button', { name: 'Show more tabs' }));
    expect(scrollBy).toHaveBeenCalledWith({ left: 273, behavior: 'smooth' });

    list.scrollLeft = 310;
    list.dispatchEvent(new Event('scroll'));
    expect(await screen.findByRole('button', { name: 'Show earlier tabs' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more tabs' })).not.toBeInTheDocument();
  });

  it('shows no hint when every tab fits', () => {
    sizes.scrollWidth = 390;
    render(<Tabs tabs={tabs} label="Settings" />);
    expect(screen.queryByRole('button', { name: /tabs$/ })).not.toBeInTheDocument();
  });
});
