import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneLink } from './phone-link';
import { TapCard } from './tap-card';

const INTERACTIVE = 'a, button, input, select, textarea, [role=button], [tabindex]';

describe('TapCard', () => {
  afterEach(cleanup);

  const renderCard = (onTap = vi.fn()) => {
    render(
      <TapCard onTap={onTap} label="成员" testId="card">
        <span>张伟</span>
        <PhoneLink phone="13800000001" />
      </TapCard>,
    );
    return onTap;
  };

  it('has one tap target, a button named by the label and the card text, holding no other control', () => {
    renderCard();
    const button = screen.getByRole('button', { name: /^成员 张伟/ });
    expect(button.tagName).toBe('BUTTON');
    expect(button.querySelector(INTERACTIVE)).toBeNull();
    // No control of the card is nested in another control (axe: nested-interactive).
    for (const control of screen.getByTestId('card').querySelectorAll(INTERACTIVE)) {
      expect(control.parentElement?.closest(INTERACTIVE), control.outerHTML).toBeNull();
    }
  });

  it('opens on a tap on its text or its button, and on Enter from the keyboard (a click of the button)', () => {
    const onTap = renderCard();
    fireEvent.click(screen.getByText('张伟'));
    expect(onTap).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button'));
    expect(onTap).toHaveBeenCalledTimes(2);
  });

  it('does not open when the call link inside it is tapped', () => {
    const onTap = renderCard();
    fireEvent.click(screen.getByRole('link', { name: '13800000001' }));
    expect(onTap).not.toHaveBeenCalled();
  });
});
