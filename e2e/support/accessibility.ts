import type { Page } from 'playwright-core';

/** The smallest touch target, in CSS pixels, on both sides (docs/conventions.md "Accessibility"). */
export const MIN_TARGET = 44;

/**
 * Doubles the root font size on every page the context opens, as a phone's text-size setting does to this app:
 * the theme's text sizes are rem (MUI's htmlFontSize stays 16), so every text doubles while spacing and boxes in
 * px stay. (Chromium's own default-font-size setting instead zooms a mobile page in, which hides what overflows.)
 */
export async function doubleTextSize(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    // Runs before the document has its root element: set it as soon as there is one.
    const apply = () => document.documentElement?.style.setProperty('font-size', '200%');
    apply();
    document.addEventListener('readystatechange', apply);
  });
}

/** The root font size the page is drawn with, in px (32 after doubleTextSize). */
export function rootFontSize(page: Page): Promise<number> {
  return page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
}

/**
 * Nothing scrolls sideways and nothing is cut off: the page is no wider than the screen, no visible element
 * reaches past its edges unless it sits in something that scrolls on purpose (the tree), and no text is cut short
 * with an ellipsis.
 */
export async function expectNothingSideways(page: Page, where: string): Promise<void> {
  // The screen's width, not innerWidth: a phone's browser widens its window to fit a page that is too wide.
  const screenWidth = page.viewportSize()!.width;
  const problems = await page.evaluate((width) => {
    const found: string[] = [];
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (scrollWidth > width || window.innerWidth > width) {
      found.push(`the page is ${Math.max(scrollWidth, window.innerWidth)} px wide on a ${width} px screen`);
    }
    const describe = (element: Element) => {
      const label = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()} class="${String(element.className).slice(0, 60)}"> "${label}"`;
    };
    const scrollsSideways = (element: Element) => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up);
        if ((overflowX === 'auto' || overflowX === 'scroll') && up !== document.documentElement) return true;
      }
      return false;
    };
    // A part cut off by an ancestor that hides its overflow and sits on the screen is not seen (a progress bar's
    // moving fill, translated inside its track).
    const clippedOnScreen = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up);
        if (overflowX !== 'hidden' && overflowX !== 'clip') continue;
        const clip = up.getBoundingClientRect();
        if (clip.left >= -1 && clip.right <= width + 1) return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (found.length > 8) break;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden text for screen readers
      const style = getComputedStyle(element);
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${describe(element)} is cut short with an ellipsis`);
        continue;
      }
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (box.bottom < 0) continue; // the skip link, above the page until focused
      if (element instanceof SVGElement && element.ownerSVGElement) continue; // a drawing: its box is the <svg>
      if (element.closest('.MuiTouchRipple-root')) continue; // a press's ripple, clipped by its button
      if (scrollsSideways(element) || clippedOnScreen(element)) continue;
      found.push(`${describe(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
    return found;
  }, screenWidth);
  if (problems.length > 0) throw new Error(`Sideways on ${where}:\n- ${problems.join('\n- ')}`);
}

/**
 * Every visible button, link, switch, box and field is at least 44×44 px where it can be touched: a checkbox's or
 * radio's target is its label when it has one; links inside running text are exempt.
 */
export async function expectTouchTargets(page: Page, where: string): Promise<void> {
  const small = await page.evaluate((min) => {
    const selector = [
      'button',
      'a[href]',
      'select',
      'input:not([type="hidden"])',
      'textarea',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="menuitem"]',
      '[role="option"]',
    ].join(',');
    const inRunningText = (element: Element) => {
      if (getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      const own = (element.textContent ?? '').trim().length;
      return !!block && (block.textContent ?? '').trim().length > own;
    };
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (!element.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
      if (element.closest('[aria-hidden="true"], [inert]')) continue; // behind an open dialog
      if (element.tagName === 'A' && inRunningText(element)) continue;
      // What a finger can hit: the element, the control drawn around a hidden input, and its labels.
      const boxes = [element.getBoundingClientRect()];
      const control = element.closest('.MuiButtonBase-root, .MuiInputBase-root');
      if (control) boxes.push(control.getBoundingClientRect());
      if (element instanceof HTMLInputElement && element.labels) {
        for (const label of element.labels) boxes.push(label.getBoundingClientRect());
      }
      const width = Math.max(...boxes.map((box) => box.width));
      const height = Math.max(...boxes.map((box) => box.height));
      if (width <= 1 && height <= 1) continue;
      if (width + 0.5 >= min && height + 0.5 >= min) continue;
      const name =
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').trim().slice(0, 40) ??
        element.getAttribute('name');
      found.push(`<${element.tagName.toLowerCase()}> "${name}" is ${Math.round(width)}×${Math.round(height)} px`);
    }
    return found;
  }, MIN_TARGET);
  if (small.length > 0)
    throw new Error(`Touch targets under ${MIN_TARGET}×${MIN_TARGET} px on ${where}:\n- ${small.join('\n- ')}`);
}

/**
 * Tabs through the first few controls of the page (or of an open dialog) and checks each shows a focus ring:
 * an outline of 2 px or more, or a box shadow, in a colour with 3:1 contrast against what is behind it.
 */
export async function expectVisibleFocusRing(page: Page, where: string, tabs = 4): Promise<void> {
  const problems: string[] = [];
  let checked = 0;
  for (let step = 0; step < tabs; step += 1) {
    await page.keyboard.press('Tab');
    const problem = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      const parse = (colour: string) => {
        const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
        return { rgb: parts.slice(0, 3), alpha: parts.length > 3 ? parts[3]! : 1 };
      };
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((value) => {
          const c = value / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const backgroundBehind = (element: Element) => {
        for (let up = element.parentElement; up; up = up.parentElement) {
          const { rgb, alpha } = parse(getComputedStyle(up).backgroundColor);
          if (alpha > 0.5) return rgb;
        }
        return [255, 255, 255];
      };
      const contrast = (a: number[], b: number[]) => {
        const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (light! + 0.05) / (dark! + 0.05);
      };
      // A drawing (a person in the tree) marks the shape that rings it.
      if (focused instanceof SVGElement) {
        const ring = focused.querySelector('[data-focus-ring]');
        const style = ring && getComputedStyle(ring);
        if (style && style.opacity === '1' && style.stroke !== 'none' && parseFloat(style.strokeWidth) >= 2) return '';
      }
      // A text field draws its ring on the field's box, a hidden checkbox on the box drawn for it.
      const ringed = [
        focused.checkVisibility({ opacityProperty: true }) ? focused : null,
        focused.closest('.MuiInputBase-root'),
        focused.closest('.MuiButtonBase-root'),
      ].filter((element) => element !== null);
      for (const element of ringed) {
        const style = getComputedStyle(element);
        const outline = parse(style.outlineColor);
        if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && outline.alpha > 0.5) {
          if (contrast(outline.rgb, backgroundBehind(element)) >= 3) return '';
        }
        if (style.boxShadow !== 'none' && /\d+px \d+px \d+px [1-9]/.test(style.boxShadow)) return '';
      }
      const label = focused.getAttribute('aria-label') ?? (focused.textContent ?? '').trim().slice(0, 40);
      const style = getComputedStyle(focused);
      return `<${focused.tagName.toLowerCase()}> "${label}": outline ${style.outline}, box-shadow ${style.boxShadow}`;
    });
    if (problem === null) continue;
    checked += 1;
    if (problem) problems.push(problem);
  }
  if (checked === 0) throw new Error(`Nothing took the focus on ${where}`);
  if (problems.length > 0) throw new Error(`No visible focus ring on ${where}:\n- ${problems.join('\n- ')}`);
}
