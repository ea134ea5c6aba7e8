// Reflow, contrast and motion (WCAG 1.4.10, 1.4.11, 1.4.1, 2.3.3) measured in Chromium: element
// widths at 320 and 375 px, action rows, text edges, forced colours through emulateMedia,
// prefers-reduced-motion, the one accent and the logo slot.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkA11y, fault, outbox, scan, tabTo, useE2E, waitForPortal, widget, type TestPage } from './harness';

const e2e = useE2E();

const LOGON = '/access/v1/api/public/scanner/logon';
const PNG_PREFIX = 'data:image/png;base64,';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const box = async (locator: Locator) => (await locator.boundingBox())!;

async function open(path: string, width: number, options: { lang?: string } = {}): Promise<TestPage> {
  const query = options.lang ? `${path.includes('?') ? '&' : '?'}lang=${options.lang}` : '';
  const page = await e2e.open(path + query, { viewport: { width, height: 800 } });
  await waitForPortal(page);
  return page;
}

async function scanScreen(page: Page, userId: string) {
  const image = page.locator('img.amwa-colour-code__image');
  await image.waitFor();
  return scan(e2e.url, userId, ((await image.getAttribute('src')) ?? '').slice(PNG_PREFIX.length));
}

/** Scanner logon up to the code step as EMMA0005 (field labels differ by language, so by name). */
async function toCodeStep(page: Page) {
  await page.locator('input[name="username"]').fill('EMMA0005');
  await page.locator('button[type="submit"]').click();
  await page.locator('img.amwa-colour-code__image').waitFor();
}

/** A technical error after 'Log on': the alert with time, trace id and the mail link. */
async function toTechnicalError(page: Page) {
  await toCodeStep(page);
  await fault(e2e.url, { path: LOGON, status: 500, body: { errorCode: 'sandbox-fault' } });
  await page.locator('input[name="response-code"]').fill(await scanScreen(page, 'EMMA0005'));
  await page.locator('button[type="submit"]').click();
  await page.getByRole('alert').waitFor();
}

/** Activation as ANNA0001 up to the serial number step: two steps done, the third current. */
async function toSerialNumber(page: Page) {
  await button(page, 'Start activation').click();
  await page.getByRole('textbox', { name: 'User ID' }).fill('ANNA0001');
  await page.getByRole('textbox', { name: 'Email' }).fill('anna.devries@example.com');
  await button(page, 'Next').click();
  await page.getByRole('heading', { name: 'Confirm your email' }).waitFor();
  await page.getByRole('textbox', { name: 'Registration code' }).fill((await outbox(e2e.url, 'ANNA0001')).at(-1)!.code);
  await button(page, 'Next').click();
  await page.getByRole('heading', { name: 'Connect your scanner' }).waitFor();
}

// Widget elements that stick out of the viewport sideways (1.4.10: no horizontal scrolling at
// 320 px). The sandbox's own console beside the widget is not measured.
const horizontalOverflow = (page: Page) =>
  widget(page).evaluate((root) =>
    [...root.querySelectorAll('*')]
      .filter((element) => {
        const { left, right } = element.getBoundingClientRect();
        return left < -0.5 || right > innerWidth + 0.5;
      })
      .map((element) => `${element.tagName} ${element.className}`),
  );

describe('the technical error alert reflows (1.4.10)', () => {
  test.each([
    [375, 'pl'],
    [320, 'pl'],
    [320, 'en'],
  ])('at %i px in %s its facts stack label above value, no word breaks and nothing is clipped', async (width, lang) => {
    const page = await open('/access/pages/logon/scanner', width, { lang });
    await toTechnicalError(page);
    // The widget says which language it speaks (3.1.1, 3.1.2).
    expect(await widget(page).getAttribute('lang')).toMatch(new RegExp(`^${lang}\\b`));
    const alert = page.getByRole('alert');
    const content = await box(alert.locator('.amwa-alert__content'));
    const facts = await alert.locator('.amwa-facts > *').evaluateAll((elements) =>
      elements.map((element) => {
        const { left, top, bottom, width: w } = element.getBoundingClientRect();
        return { tag: element.tagName, left, top, bottom, width: w };
      }),
    );
    expect(facts.map((fact) => fact.tag)).toEqual(['DT', 'DD', 'DT', 'DD']);
    for (const [index, fact] of facts.entries()) {
      // Each label and value gets the whole width, one under the other.
      expect(fact.width, `${fact.tag} ${index} width`).toBeGreaterThan(content.width - 2);
      expect(fact.left).toBeCloseTo(content.x, 0);
      if (index > 0) expect(fact.top).toBeGreaterThanOrEqual(facts[index - 1]!.bottom - 1);
    }
    // No word of the time is split over two lines ('November' must not break).
    const split = await alert.locator('.amwa-facts dd').first().evaluate((dd) => {
      const text = dd.firstChild!;
      const words = [...(text.textContent ?? '').matchAll(/\S+/g)];
      return words.filter((word) => {
        const range = document.createRange();
        range.setStart(text, word.index!);
        range.setEnd(text, word.index! + word[0].length);
        return range.getClientRects().length > 1;
      }).map((word) => word[0]);
    });
    expect(split).toEqual([]);
    // The service team's address stays inside the alert.
    const mail = await box(alert.getByRole('link', { name: 'service@demobank.example' }));
    expect(mail.x).toBeGreaterThanOrEqual(content.x - 1);
    expect(mail.x + mail.width).toBeLessThanOrEqual(content.x + content.width + 1);
    expect(await horizontalOverflow(page)).toEqual([]);
    await checkA11y(page, `technical error at ${width} px in ${lang}`);
    page.expectNoConsoleErrors({ allow: [/status of 500/, /AmwaApiError/] });
  });

  test('at 1280 px label and value sit side by side', async () => {
    const page = await open('/access/pages/logon/scanner', 1280, { lang: 'pl' });
    await toTechnicalError(page);
    const [label, value] = await page.getByRole('alert').locator('.amwa-facts > *').evaluateAll((elements) =>
      elements.slice(0, 2).map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    );
    expect(value!.left).toBeGreaterThan(label!.right);
    expect(value!.top).toBeCloseTo(label!.top, 0);
  });
});

/** The buttons of the card's action row, grouped into rows by their top edge. */
async function actionRows(page: Page) {
  const rects = await widget(page).locator('.amwa-card__actions > *').evaluateAll((elements) =>
    elements.map((element) => {
      const { top, left, width } = element.getBoundingClientRect();
      return { name: element.textContent?.trim() ?? '', top: Math.round(top), left: Math.round(left), width: Math.round(width) };
    }),
  );
  const rows = new Map<number, typeof rects>();
  for (const rect of rects) rows.set(rect.top, [...(rows.get(rect.top) ?? []), rect]);
  return [...rows.values()];
}

describe('action rows wrap cleanly (1.4.10)', () => {
  const screens: [string, string, (page: Page) => Promise<void>][] = [
    ['the scanner code step', '/access/pages/logon/scanner', toCodeStep],
    ['the serial number step', '/access/pages/activate-scanner', toSerialNumber],
  ];
  test.each(screens.flatMap(([name, path, walk]) => [320, 375].map((width) => [name, width, path, walk] as const)))(
    '%s at %i px: one row, or one full-width button a row, never Back alone beside a ragged rest',
    async (_, width, path, walk) => {
      const page = await open(path, width);
      await walk(page);
      const rows = await actionRows(page);
      const buttons = rows.flat();
      expect(buttons.length).toBeGreaterThan(1);
      if (rows.length > 1) {
        // Stacked: every row holds one button, all as wide as the card's content.
        expect(rows.map((row) => row.length)).toEqual(rows.map(() => 1));
        expect(new Set(buttons.map((b) => b.width)).size).toBe(1);
        expect(new Set(buttons.map((b) => b.left)).size).toBe(1);
      }
      expect(await horizontalOverflow(page)).toEqual([]);
    },
  );

  test('at 1280 px the actions share one row: Back on the left, the primary rightmost, Help in the footer line', async () => {
    const page = await open('/access/pages/activate-scanner', 1280);
    await toSerialNumber(page);
    const rows = await actionRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.map((item) => item.name)).toEqual(['Back to login', 'Next']);
    expect(await widget(page).locator('.amwa-card__footer').getByRole('button', { name: 'Help' }).count()).toBe(1);
    const card = await box(widget(page).locator('.amwa-card__body'));
    const [back, next] = rows[0]!;
    expect(back!.left).toBeCloseTo(card.x, 0);
    expect(next!.left + next!.width).toBeCloseTo(card.x + card.width, 0);
  });
});

// Where the text itself starts (the first character of every line), not the element's box.
const textLeft = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return Math.min(...[...range.getClientRects()].map((rect) => rect.left));
  });

describe('link buttons line up with the text edge', () => {
  test.each([320, 1280])('at %i px', async (width) => {
    const mobile = await open('/access/pages/logon/mobile', width);
    const text = await textLeft(widget(mobile).locator('.amwa-card__body > p').first());
    for (const name of ['iPhone', 'Android without Google Play (APK)']) {
      expect(await textLeft(button(mobile, name)), name).toBeCloseTo(text, 0);
    }
    const scanner = await open('/access/pages/logon/scanner', width);
    await toCodeStep(scanner);
    const body = await box(widget(scanner).locator('.amwa-card__body'));
    const trouble = button(scanner, 'Trouble scanning the colour code?');
    expect(await textLeft(trouble)).toBeCloseTo(body.x, 0);
    // Every line of a wrapped link starts at the edge: start-aligned, not centred.
    expect(await trouble.evaluate((element) => getComputedStyle(element).textAlign)).toBe('start');
  });
});

describe('forced colours (1.4.1, 1.4.11)', () => {
  test('the stepper tells done, current and upcoming apart by shape and in words, and cards and dialogs keep an edge', async () => {
    const page = await open('/access/pages/activate-scanner', 375);
    await page.emulateMedia({ forcedColors: 'active' });
    await toSerialNumber(page);
    const steps = await widget(page).locator('.amwa-stepper__step').evaluateAll((elements) =>
      elements.map((step) => {
        const marker = step.querySelector('.amwa-stepper__marker')!;
        const style = getComputedStyle(marker);
        const line = getComputedStyle(step, '::before');
        return {
          shape: marker.querySelector('svg') ? 'tick' : marker.textContent,
          ring: style.borderTopWidth,
          background: style.backgroundColor,
          said: step.querySelector('.amwa-visually-hidden')?.textContent,
          line: line.content === 'none' ? 'none' : `${line.borderTopStyle} ${line.borderTopWidth}`,
        };
      }),
    );
    expect(steps.map((step) => step.shape)).toEqual(['tick', 'tick', '3', '4', '5', '6']);
    expect(steps[0]!.said).toBe('Step 1 of 6: Enter your user ID and email, completed');
    expect(steps[2]!.said).toBe('Step 3 of 6: Connect your scanner');
    // The current step is filled with the system highlight; the upcoming ones are plain rings.
    expect(steps[2]!.background).not.toBe(steps[3]!.background);
    expect(steps[2]!.ring).not.toBe(steps[3]!.ring);
    // The connecting lines are borders, which forced colours draw, not backgrounds, which they drop.
    expect(steps.slice(1).map((step) => step.line)).toEqual(steps.slice(1).map(() => 'solid 2px'));

    const edge = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.borderTopStyle} ${style.borderTopWidth}`;
      });
    expect(await edge(widget(page).locator('.amwa-card'))).toBe('solid 1px');
    // At 375 px the card's edge is transparent, but forced colours draw it: the text keeps its distance from it.
    expect(await widget(page).locator('.amwa-card').evaluate((card) => getComputedStyle(card).paddingLeft)).toBe('16px');
    await button(page, 'Help').click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await dialog.waitFor();
    expect(await edge(dialog)).toBe('solid 1px');
    await checkA11y(page, 'help dialog with forced colours');
  });

  test('Home keeps the edges of its options and cards', async () => {
    const page = await open('/access/', 1280);
    await page.emulateMedia({ forcedColors: 'active' });
    const edges = await widget(page).locator('.amwa-option, .amwa-card, .amwa-tile').evaluateAll((elements) =>
      elements.map((element) => `${getComputedStyle(element).borderTopStyle} ${getComputedStyle(element).borderTopWidth}`),
    );
    // The shell, the two options and the two cards below them ('New Scanner?', contact: S2.18, S2.19).
    expect(edges).toEqual(['solid 1px', 'solid 1px', 'solid 1px', 'solid 1px', 'solid 1px']);
  });
});

test('prefers-reduced-motion stops every transition, the button ripple included', async () => {
  const page = await open('/access/pages/logon/scanner', 1280);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const moving = await widget(page).evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((element) =>
      [null, '::before', '::after'].flatMap((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        const still = style.transitionProperty === 'none' || style.transitionDuration.split(',').every((d) => parseFloat(d) === 0);
        return still && !(pseudo === '::after' && element.classList.contains('amwa-button') && style.content !== 'none')
          ? []
          : [`${element.className}${pseudo ?? ''}`];
      }),
    ),
  );
  expect(moving).toEqual([]);
  expect(await widget(page).locator('.amwa-button').count()).toBeGreaterThan(0);
});

describe('Home: two balanced options, one visual language', () => {
  test.each([375, 1280])('at %i px the options have the same icon size, one-line labels and one edge', async (width) => {
    const page = await open('/access/', width);
    const options = await widget(page).locator('.amwa-option').evaluateAll((elements) =>
      elements.map((option) => {
        const icon = option.querySelector('.amwa-icon')!.getBoundingClientRect();
        const label = option.querySelector('.amwa-option-label')!;
        return {
          icon: `${icon.width}x${icon.height}`,
          lines: Math.round(label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight)),
          height: Math.round(option.getBoundingClientRect().height),
        };
      }),
    );
    expect(options).toHaveLength(2);
    expect(options[0]!.icon).toBe(options[1]!.icon);
    expect(options[0]!.height).toBe(options[1]!.height);
    expect(options.map((option) => option.lines)).toEqual([1, 1]);
    const looks = await widget(page).locator('.amwa-option, .amwa-card').evaluateAll((elements) =>
      elements.map((element) => {
        const style = getComputedStyle(element);
        return [style.borderTopColor, style.borderTopWidth, style.borderTopLeftRadius, style.backgroundColor].join(' ');
      }),
    );
    // The options look alike; the shell around them shares their edge on a wide screen and drops
    // its chrome below 480 px (a transparent edge, kept for forced colours).
    const [shell, ...optionLooks] = looks;
    expect(new Set(optionLooks).size).toBe(1);
    if (width >= 480) expect(shell).toBe(optionLooks[0]);
    else expect(shell).toMatch(/^rgba\(0, 0, 0, 0\) 1px/);
  });
});

describe('theming', () => {
  // The colour a link is painted in, as sRGB bytes (getComputedStyle may answer in OKLCH).
  const linkColour = (page: Page) =>
    widget(page)
      .getByRole('link', { name: 'Contact us' })
      .evaluate((link) => {
        const canvas = new OffscreenCanvas(1, 1);
        const context = canvas.getContext('2d')!;
        context.fillStyle = getComputedStyle(link).color;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      });

  // One accent (issue 33): links, Help and the stepper take the brand's primary colour; the
  // channel's accent only marks info alerts, so setting it leaves links alone.
  test('links take the primary colour a host sets, not the channel accent', async () => {
    const page = await open('/access/', 1280);
    await page.addStyleTag({ content: 'amwa-portal { --amwa-accent: rgb(240, 200, 0); }' });
    expect(await linkColour(page)).toEqual([155, 0, 76]);
    await page.addStyleTag({ content: 'amwa-portal { --amwa-primary: rgb(1, 2, 3); }' });
    expect(await linkColour(page)).toEqual([1, 2, 3]);
  });

  test.each(['shadow', 'none'])("a host's logo shows above the column on the card's edge (isolation %s)", async (isolation) => {
    const page = await open(`/access/?isolation=${isolation}`, 1280);
    const column = await box(widget(page).locator('.amwa-card').first());
    expect((await box(widget(page).locator('.amwa-logo'))).height).toBe(0);
    await page.evaluate(`(() => {
      const logo = document.createElement('img');
      logo.slot = 'logo';
      logo.alt = 'Demo Bank';
      logo.src = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#9b004c"/></svg>');
      document.querySelector('amwa-portal').prepend(logo);
    })()`);
    const logo = page.getByRole('img', { name: 'Demo Bank' });
    await expect.poll(async () => (await logo.boundingBox())?.height).toBe(40);
    const placed = await box(logo);
    expect(placed.x).toBeCloseTo(column.x, 0);
    expect(placed.y + placed.height).toBeLessThan((await box(widget(page).getByRole('heading', { name: 'Log on with' }))).y);
    if (isolation === 'shadow') expect(await logo.evaluate((img) => img.assignedSlot?.name)).toBe('logo');
    await checkA11y(page, `logo (isolation ${isolation})`);
  });
});

describe('text spacing and focus visibility (1.4.12, 2.4.7)', () => {
  // The WCAG 1.4.12 overrides, put where the widget's own styles live (its shadow root).
  const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

  test.each([
    ['Home', '/access/', async () => undefined],
    ['the scanner code step', '/access/pages/logon/scanner', toCodeStep],
    ['the serial number step', '/access/pages/activate-scanner', toSerialNumber],
  ] as const)('%s at 320 px loses no content under the text spacing overrides', async (_, path, walk) => {
    const page = await open(path, 320);
    await walk(page);
    await widget(page).evaluate((root, text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      const scope = root.getRootNode() as ShadowRoot;
      scope.adoptedStyleSheets = [...scope.adoptedStyleSheets, sheet];
    }, TEXT_SPACING);
    const clipped = await widget(page).evaluate((root) =>
      [...root.querySelectorAll('*')]
        .filter((element) => !element.closest('.amwa-visually-hidden') && getComputedStyle(element).overflow !== 'visible')
        .filter((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
        .map((element) => `${element.tagName} ${element.className}`),
    );
    expect(clipped).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
  });

  test('a control focused by keyboard shows a 3 px outline', async () => {
    const page = await open('/access/pages/logon/scanner', 1280);
    await tabTo(page, 'Help');
    const outline = await widget(page).evaluate((root) => {
      const style = getComputedStyle((root.getRootNode() as ShadowRoot).activeElement!);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(outline).toBe('solid 3px');
  });
});

describe('400% zoom (1.4.10)', () => {
  test('help dialogs at 400% zoom scroll as a whole: the header scrolls away and the body is not squeezed', async () => {
    // 1280x1024 at 400% is 320x256 CSS px; German has the longest texts.
    const page = await e2e.open('/access/pages/logon/scanner?lang=de', { viewport: { width: 320, height: 256 } });
    await waitForPortal(page);
    await widget(page).locator('.amwa-card__footer button[aria-haspopup="dialog"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const sizes = await dialog.evaluate((element) => {
      const body = element.querySelector('.amwa-dialog__body')!;
      return { scrolls: element.scrollHeight > element.clientHeight + 1, bodyClipped: body.scrollHeight > body.clientHeight + 1, overflow: getComputedStyle(element).overflowY };
    });
    expect(sizes).toEqual({ scrolls: true, bodyClipped: false, overflow: 'auto' });
    const header = widget(page).locator('.amwa-dialog__header');
    const before = (await box(header)).y;
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    expect((await box(header)).y).toBeLessThan(before - 20);
    await checkA11y(page, 'help dialog at 400% zoom');
  });
});
