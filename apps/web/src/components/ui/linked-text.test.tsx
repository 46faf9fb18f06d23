import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText, splitLinks } from './linked-text';

describe('LinkedText', () => {
  it('cuts a text into plain parts and web addresses, leaving sentence punctuation outside', () => {
    expect(splitLinks('See https://maps.example/gate3. Or http://a.example/x?y=1, thanks')).toEqual([
      { text: 'See ' },
      { text: 'https://maps.example/gate3', href: 'https://maps.example/gate3' },
      { text: '. Or ' },
      { text: 'http://a.example/x?y=1', href: 'http://a.example/x?y=1' },
      { text: ', thanks' },
    ]);
    expect(splitLinks('javascript:alert(1) and ftp://x')).toEqual([{ text: 'javascript:alert(1) and ftp://x' }]);
  });

  it('shows markup as text and makes links that open only on a click, in a tab that cannot reach back', () => {
    const { container } = render(
      <LinkedText text={'<img src=x onerror=alert(1)> <b>bold</b>\nsecond line https://example.uz/a'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)> <b>bold</b>');
    const link = screen.getByRole('link', { name: 'https://example.uz/a' });
    expect(link).toHaveAttribute('href', 'https://example.uz/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('rel')).toContain('nofollow');
  });
});
