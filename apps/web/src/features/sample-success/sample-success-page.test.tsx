import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { SampleSuccessPage } from './sample-success-page';

describe('static sample page (/success)', () => {
  it("shows the sample shipment: cargo data, dates, the three-step timeline, the transporter and a green 'Success' badge", async () => {
    await changeLanguage('uz');
    renderWithProviders(<SampleSuccessPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Yuk tafsilotlari' })).toBeInTheDocument();
    expect(screen.getByText('Success')).toHaveClass('text-emerald-200');
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Yuk raqami')).toBe('#YT-000245');
    expect(value('Turi')).toBe('Avtomobil (Truck)');
    expect(value("Og'irligi")).toBe('12,000 kg');
    expect(value('Hajmi')).toBe('40 m³');
    expect(value("Jo'nash joyi")).toBe('Toshkent');
    expect(value('Yetkazish joyi')).toBe('Samarqand');
    expect(value('Olib ketish sanasi')).toBe('12.03.2025');
    expect(value('Yetkazish sanasi')).toBe('14.03.2025');
    expect(value('Ismi')).toBe('Aziz Karimov');
    expect(value('Telefon')).toBe('+998 90 123 45 67');
    const steps = within(screen.getByRole('list', { name: 'Yetkazish bosqichlari' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Yuklangan12.03.2025 09:00',
      "2Yo'lda12.03.2025 14:30",
      '3Yetkazib berilgan14.03.2025 11:15',
    ]);
    await act(() => changeLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Shipment details' })).toBeInTheDocument();
    expect(screen.getByText('Pickup Date')).toBeInTheDocument();
    await act(() => changeLanguage('uz'));
  });
});
