import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { Button } from './button';
import { ButtonLink } from './button-link';
import { Modal } from './modal';
import { bidStatusTone, StatusBadge } from './status-badge';
import { DataTable } from './table';
import { TextField } from './text-field';

function ModalHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open details</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Vehicle Details"
        closeLabel="Close"
        footer={<Button>OK</Button>}
      >
        <p>Body</p>
      </Modal>
    </>
  );
}

describe('shared ui pieces', () => {
  it('a button link leads to its page and looks like the button of the same variant and size', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/vehicles" variant="secondary" size="lg" className="sm:flex-1">
          Back
        </ButtonLink>
        <Button variant="secondary" size="lg">
          Save
        </Button>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Back' });
    expect(link).toHaveAttribute('href', '/vehicles');
    const looks = (element: HTMLElement) =>
      element.className.split(' ').filter((name) => !name.startsWith('disabled:'));
    expect(looks(link)).toEqual([...looks(screen.getByRole('button', { name: 'Save' })), 'sm:flex-1']);
  });

  it('modal: focus moves in, Tab stays inside, Escape closes and focus returns to the opener', async () => {
    const user = userEvent.setup();
    render(<ModalHarness />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Vehicle Details' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('table: rows open by click, Enter and Space when clickable', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn<(row: { id: number; name: string }) => void>();
    render(
      <DataTable
        caption="Tenders"
        rows={[
          { id: 1, name: 'Cement' },
          { id: 2, name: 'Cotton' },
        ]}
        rowKey={(row) => row.id}
        rowLabel={(row) => `Tender ${row.name}`}
        onRowClick={onRowClick}
        columns={[
          { key: 'id', header: 'No.', cell: (row) => row.id },
          { key: 'name', header: 'Name', cell: (row) => row.name },
        ]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Tenders' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['No.', 'Name']);
    await user.click(screen.getByText('Cement'));
    screen.getByRole('row', { name: 'Tender Cotton' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onRowClick.mock.calls.map(([row]) => row.id)).toEqual([1, 2, 2]);
  });

  it('status colours follow the spec: pending (and empty) yellow, accepted green, rejected red, active blue, else grey', () => {
    expect(['pending', '', null, 'accepted', 'rejected', 'active', 'weird'].map(bidStatusTone)).toEqual([
      'yellow',
      'yellow',
      'yellow',
      'green',
      'red',
      'blue',
      'grey',
    ]);
    render(<StatusBadge label="Kutilmoqda" tone="yellow" />);
    expect(screen.getByText('Kutilmoqda')).toHaveClass('text-yellow-200');
  });

  it('text field: label, fixed prefix, error wired as the description', () => {
    render(<TextField label="Telefon raqami" prefix="+998" error="Noto'g'ri" />);
    const input = screen.getByLabelText('Telefon raqami');
    expect(screen.getByText('+998')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription("Noto'g'ri");
  });

  it('button: pending disables it and marks it busy', () => {
    render(<Button pending>Saving...</Button>);
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});
