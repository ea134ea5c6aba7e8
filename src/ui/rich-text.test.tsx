import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_SLOT, RichText, safeHref } from './rich-text';

afterEach(cleanup);

describe('RichText', () => {
  it('renders paragraphs, lists, bold and links', () => {
    const { container } = render(
      <RichText
        text={[
          'Your PIN is locked after **5 wrong entries**.',
          '',
          'Do this:',
          '- uninstall the app',
          '- reinstall it and **[register again](https://example.com/register)**',
          '',
          'Questions? Mail [the service team](mailto:service@demobank.example).',
        ].join('\n')}
      />,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root.className).toBe('amwa-rich-text');
    expect([...root.children].map((child) => child.tagName)).toEqual(['P', 'P', 'UL', 'P']);
    expect(root.querySelector('p strong')?.textContent).toBe('5 wrong entries');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'uninstall the app',
      'reinstall it and register again',
    ]);
    expect(root.querySelector('li strong a')?.getAttribute('href')).toBe('https://example.com/register');
    expect(screen.getByRole('link', { name: 'the service team' }).getAttribute('href')).toBe(
      'mailto:service@demobank.example',
    );
  });

  it('keeps single line breaks inside a paragraph', () => {
    const { container } = render(<RichText text={'first line\nsecond line'} />);
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelectorAll('p br')).toHaveLength(1);
  });

  it('renders markup-looking text literally, never as HTML', () => {
    const { container } = render(<RichText text={'<img src=x onerror=alert(1)> & <b>bold</b>'} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> & <b>bold</b>');
  });

  it.each([
    'javascript:alert%281%29',
    'JavaScript:alert%281%29',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox',
  ])('turns a %j link into plain text', (url) => {
    const { container } = render(<RichText text={`Click [here](${url}) now`} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('Click here now');
  });

  it('reports followed links', async () => {
    const onLinkClick = vi.fn();
    render(<RichText text="See [the help page](#help)." onLinkClick={onLinkClick} />);
    await userEvent.click(screen.getByRole('link', { name: 'the help page' }));
    expect(onLinkClick).toHaveBeenCalledWith('#help');
  });
});

describe('safeHref', () => {
  it('allows web, mail, phone and relative targets', () => {
    for (const url of ['https://a.example/x', 'http://a.example', 'mailto:a@b.example', 'tel:+31201234567', '/static/app.apk', '#top'])
      expect(safeHref(url)).toBe(url);
  });

  it('rejects script and data targets', () => {
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(' javascript:alert(1)')).toBeUndefined();
    expect(safeHref('java\tscript:alert(1)')).toBeUndefined();
    expect(safeHref('java\nscript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
  });
});

// Issue 30: the service-team address from the settings was put into the text before the markup
// was parsed, so `service@bank.example)[verify-your-account](https://evil.example/phish` became a link.
describe('RichText values', () => {
  const text = 'Mail the [service team](mailto:{{email}}) or write to {{email}}; **{{email}}** too.';
  const hostile = 'service@bank.example)[verify-your-account](https://evil.example/phish';

  it('puts a value in after parsing: as text, and percent-encoded in the link target', () => {
    const { container } = render(<RichText text={text} values={{ email: hostile }} />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`mailto:${encodeURIComponent(hostile).replace(/%40/g, '@')}`]);
    expect(links[0]?.textContent).toBe('service team');
    expect(container.querySelector('a[href*="evil.example/phish"]:not([href^="mailto:"])')).toBeNull();
    expect(container.textContent).toBe(`Mail the service team or write to ${hostile}; ${hostile} too.`);
    expect(container.querySelector('strong')?.textContent).toBe(hostile);
  });

  it('keeps markup characters of a value as text, and headers out of a mailto', () => {
    const { container } = render(<RichText text={text} values={{ email: 'a**b**?cc=evil@evil.example' }} />);
    expect(container.querySelectorAll('strong')).toHaveLength(1);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('mailto:a**b**%3Fcc%3Devil@evil.example');
  });

  it('leaves a slot without a value as written, and EMAIL_SLOT keeps the slot through t()', () => {
    const { container } = render(<RichText text="Write to {{email}} or {{other}}." values={{ email: 'service@bank.example' }} />);
    expect(container.textContent).toBe('Write to service@bank.example or {{other}}.');
    expect(EMAIL_SLOT).toEqual({ email: '{{email}}' });
  });
});

