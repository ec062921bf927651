/**
 * A person's name under their circle in the tree (DESIGN §12 "Trees you can read"): whole on one line when it fits,
 * else on two lines broken between words (or after a hyphen) as evenly as possible, else broken inside a word;
 * shortened with an ellipsis only when two lines cannot hold it, after the words that fit on the first line. A line is at most NAME_LINE_EM wide, so a name
 * never reaches the line that leaves between a couple TREE.horizontalSpacing apart (docs/product.md "Family tree").
 */

/** The widest line, in em of the name's font: 10.5 em of 16 px is 168 canvas px, 16 short of half of 200 each side. */
export const NAME_LINE_EM = 10.5;

const NARROW = new Set([..."ijlIJ.,:;'!|()[]"]);
const SMALL = new Set([...'ftr -']);
const WIDE = new Set([...'mwMW@']);

/**
 * About how wide a text is in em, with the widths of a wide semi-bold sans-serif (DejaVu Sans Bold, what Linux
 * draws for the theme's fonts; Segoe UI and Roboto are narrower): a measure that needs no rendering and errs wide.
 */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) {
    if (NARROW.has(char)) width += 0.38;
    else if (SMALL.has(char)) width += 0.47;
    else if (WIDE.has(char)) width += 1;
    else if (char.codePointAt(0)! >= 0x2e80)
      width += 1; // CJK and other full-width letters
    else if (/\d/.test(char)) width += 0.7;
    else if (char !== char.toLowerCase()) width += 0.78;
    else if (char === char.toUpperCase())
      width += 0.6; // not a letter: _ “ ” and the like
    else width += 0.69;
  }
  return width;
}

const fits = (line: string) => textWidthEm(line) <= NAME_LINE_EM;

/** Shortens a line with an ellipsis until it fits. */
function cut(line: string): string {
  if (fits(line)) return line;
  const chars = [...line];
  while (chars.length > 1 && !fits(`${chars.join('').trimEnd()}…`)) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

export function nameLines(name: string): string[] {
  const whole = name.trim().replace(/\s+/g, ' ');
  if (fits(whole)) return [whole];
  // Every break between words or after a hyphen, the most even first: the one whose longer line is the shortest.
  const breaks: Array<[string, string]> = [];
  for (const match of whole.matchAll(/ |-(?=.)/g)) {
    const at = match.index;
    breaks.push(
      match[0] === ' ' ? [whole.slice(0, at), whole.slice(at + 1)] : [whole.slice(0, at + 1), whole.slice(at + 1)],
    );
  }
  const longer = ([first, second]: [string, string]) => Math.max(textWidthEm(first), textWidthEm(second));
  const even = breaks.sort((a, b) => longer(a) - longer(b)).find(([first, second]) => fits(first) && fits(second));
  if (even) return even;
  // No such break holds it. Whole on two lines if a break inside a word allows it (DESIGN: whole before any
  // ellipsis); else as many words as fit on the first line and the rest shortened.
  const chars = [...whole];
  let end = 1;
  while (end < chars.length && fits(chars.slice(0, end + 1).join(''))) end++;
  const rest = chars.slice(end).join('').trim();
  const byWords = breaks.filter(([first]) => fits(first)).sort((a, b) => b[0].length - a[0].length)[0];
  if (fits(rest) || !byWords) return [chars.slice(0, end).join('').trimEnd(), cut(rest)];
  return [byWords[0], cut(byWords[1])];
}
