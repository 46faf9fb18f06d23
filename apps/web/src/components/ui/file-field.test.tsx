import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, loadFeatureTexts } from '../../i18n';
import { FileField } from './file-field';

function Harness({ current, seen }: { current?: string; seen: Array<File | undefined> }) {
  const [selected, setSelected] = useState<File | undefined>();
  return (
    <FileField
      label="Licence"
      accept=".pdf"
      selected={selected}
      current={current}
      hint="PDF, at most 10 MB"
      onSelect={(file) => {
        seen.push(file);
        setSelected(file);
      }}
    />
  );
}

const pdf = () => new File([new Uint8Array(1_572_864)], 'litsenziya.pdf', { type: 'application/pdf' });

describe('the file field', () => {
  // its texts load with the signed-in pages that use it
  beforeEach(async () => {
    await changeLanguage('uz');
    await loadFeatureTexts();
  });
  afterEach(() => changeLanguage('uz'));

  it('speaks the interface’s language, not the browser’s: its own button and line, the native input hidden', async () => {
    const seen: Array<File | undefined> = [];
    const user = userEvent.setup();
    render(<Harness seen={seen} />);
    const input = screen.getByLabelText('Licence');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('sr-only');
    expect(input).toHaveAccessibleDescription(/Fayl tanlanmagan.*PDF, at most 10 MB/);
    expect(screen.getByRole('button', { name: 'Fayl tanlash – Licence' })).toBeInTheDocument();

    await user.upload(input, pdf());
    expect(seen).toHaveLength(1);
    expect(screen.getByText('Tanlangan fayl: litsenziya.pdf (1.50 MB)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Boshqa fayl tanlash – Licence' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tanlovni bekor qilish – Licence' }));
    expect(seen.at(-1)).toBeUndefined();
    expect(screen.getByText('Fayl tanlanmagan')).toBeInTheDocument();
  });

  it('shows what it holds already, struck through once another is chosen, and offers to replace it', async () => {
    await changeLanguage('ru');
    const user = userEvent.setup();
    render(<Harness current="Текущий файл: old.pdf" seen={[]} />);
    expect(screen.queryByText('Файл не выбран')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Заменить – Licence' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Licence'), pdf());
    expect(screen.getByText('Текущий файл: old.pdf')).toHaveClass('line-through');
    expect(screen.getByText('Выбранный файл: litsenziya.pdf (1.50 МБ)')).toBeInTheDocument();
  });
});
