import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ProfileOption, ProfileSelector } from './profile-selector';

const options: ProfileOption[] = [
  { id: 'jansen', name: 'Jansen Holding BV', eligible: true, isDefault: true },
  { id: 'zeta', name: 'Zeta BV', eligible: true },
  { id: 'acme', name: 'acme trading', eligible: false },
];
const REASON = 'This profile needs a stronger logon method';

function setup() {
  const onSelect = vi.fn();
  render(<ProfileSelector title="select profile" options={options} onSelect={onSelect} ineligibleReason={REASON} defaultLabel="Default" />);
  const list = screen.getByRole('list', { name: 'select profile' });
  const buttons = within(list).getAllByRole('button');
  return { onSelect, list, buttons, user: userEvent.setup() };
}

describe('ProfileSelector', () => {
  it('lists the profiles under its title, sorted by name ignoring case, the default one marked', () => {
    const { buttons } = setup();
    expect(screen.getByRole('heading', { level: 2, name: 'select profile' })).toBeTruthy();
    expect(buttons.map((button) => button.textContent)).toEqual(['acme trading' + REASON, 'Jansen Holding BV Default', 'Zeta BV']);
    expect(screen.getByRole('button', { name: 'Jansen Holding BV Default' })).toBe(buttons[1]);
  });

  it('selects an eligible profile by click or Enter', async () => {
    const { onSelect, buttons, user } = setup();
    await user.click(buttons[2]!);
    expect(onSelect).toHaveBeenLastCalledWith('zeta');
    buttons[1]!.focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('jansen');
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('keeps an ineligible profile focusable but unchoosable, described by the reason', async () => {
    const { onSelect, user } = setup();
    const acme = screen.getByRole('button', { name: 'acme trading' });
    expect(acme.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(acme.getAttribute('aria-describedby')!)?.textContent).toBe(REASON);
    await user.click(acme);
    acme.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(acme);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('moves focus with the arrow keys, Home and End, wrapping round; Tab visits every option', async () => {
    const { buttons, user } = setup();
    const [acme, jansen, zeta] = buttons;
    await user.tab();
    expect(document.activeElement).toBe(acme);
    await user.tab();
    expect(document.activeElement).toBe(jansen);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(zeta);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(acme);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(zeta);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(acme);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(zeta);
  });
});
