/**
 * A person's name under their circle in the tree (DESIGN §12 "Trees you can read"): whole on one line when it fits,
 * else on two lines broken between words as evenly as possible, shortened with an ellipsis only when two lines
 * cannot hold it. A line is at most NAME_LINE_EM wide, so a name never reaches the line that leaves between a
 * couple TREE.horizontalSpacing apart (docs/product.md "Family tree").
 */

/** The widest line, in em of the name's font: 10.5 em of 16 px is 168 canvas px, 16 short of half of 200 each side. */
export const NAME_LINE_EM = 10.5;

const NARROW = new Set([..."iljtfrI.,:;'!|()[]- "]);
const WIDE = new Set([...'mwMW@']);

/** About how wide a text is in em of a semi-bold sans-serif: a measure that needs no rendering, erring wide. */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) {
    if (NARROW.has(char)) width += 0.32;
    else if (WIDE.has(char)) width += 0.9;
    else if (char.codePointAt(0)! >= 0x2e80)
      width += 1; // CJK and other full-width letters
    else if (char !== char.toLowerCase()) width += 0.7;
    else width += 0.58;
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
  const words = whole.split(' ');
  // Every break between words, the most even first: the one whose longer line is the shortest.
  const breaks = words
    .slice(1)
    .map((_, i) => [words.slice(0, i + 1).join(' '), words.slice(i + 1).join(' ')] as const)
    .sort((a, b) => Math.max(textWidthEm(a[0]), textWidthEm(a[1])) - Math.max(textWidthEm(b[0]), textWidthEm(b[1])));
  const even = breaks.find(([first, second]) => fits(first) && fits(second));
  if (even) return [...even];
  // No break between words holds it: fill the first line (inside a word if it must), shorten the second.
  const chars = [...whole];
  let end = 1;
  while (end < chars.length && fits(chars.slice(0, end + 1).join(''))) end++;
  const lastSpace = chars.slice(0, end + 1).lastIndexOf(' ');
  if (lastSpace > 0) end = lastSpace;
  return [chars.slice(0, end).join('').trimEnd(), cut(chars.slice(end).join('').trim())];
}
