import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TimeField } from './date-field';

function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <TimeField
      label="From"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
      language="en"
      placeholder="hh:mm"
      caption="Time"
    />
  );
}

describe('the time field', () => {
  it('shows and takes a time of day as HH:mm (24 h), typed or chosen from the list, whatever the browser’s language', async () => {
    const seen: string[] = [];
    const user = userEvent.setup();
    render(<Harness initial="22:30" seen={seen} />);
    const input = screen.getByLabelText('From');
    // a text field of ours, not the browser's time input (which an English browser shows as 10:30 PM)
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('22:30');
    expect(input).toHaveAttribute('placeholder', 'hh:mm');

    await user.clear(input);
    await user.type(input, '07:05');
    expect(input).toHaveValue('07:05');
    expect(seen.at(-1)).toBe('07:05');

    // the list, every 15 minutes in 24 h
    await user.click(input);
    expect(screen.getByText('Time')).toBeVisible();
    await user.click(screen.getByRole('option', { name: '23:45' }));
    expect(seen.at(-1)).toBe('23:45');
    expect(input).toHaveValue('23:45');
  });
});
