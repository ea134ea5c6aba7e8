import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichText, safeHref } from './rich-text';

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
