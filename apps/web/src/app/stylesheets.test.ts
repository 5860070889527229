// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(import.meta.dirname, '..');

/** Every stylesheet of the app: the shell's, pages.css and the ones it puts together beside the features and components. */
const stylesheets = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .sort();

/**
 * The app's stylesheets are plain CSS: a block that is never closed turns every later rule into a
 * nested rule of it (CSS nesting), which the build then scopes under that selector, and the rules
 * silently stop applying (the account pages and report texts lost their padding that way). Each
 * rule's block holds declarations only; only at-rules (@media, @supports…) hold rules.
 */
function nestingProblems(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const problems: string[] = [];
  const stack: { selector: string; atRule: boolean }[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '{') {
      const selector = text.slice(start, index).split(';').at(-1)?.trim() ?? '';
      const parent = stack.at(-1);
      if (parent && !parent.atRule) problems.push(`"${selector}" is nested in "${parent.selector}"`);
      stack.push({ selector, atRule: selector.startsWith('@') });
      start = index + 1;
    } else if (char === '}') {
      if (!stack.pop()) problems.push(`a "}" closes nothing at offset ${index}`);
      start = index + 1;
    }
  }
  for (const open of stack) problems.push(`"${open.selector}" is never closed`);
  return problems;
}

describe('stylesheets', () => {
  it('finds the shell\'s and the pages\' stylesheets', () => {
    expect(stylesheets).toEqual(expect.arrayContaining(['app/styles.css', 'app/pages.css', 'app/page-layout.css', 'components/components.css', 'features/customers/customers.css']));
  });

  it.each(stylesheets)('%s closes every block and nests no rule in another', (file) => {
    expect(nestingProblems(readFileSync(path.join(srcDir, file), 'utf8'))).toEqual([]);
  });

  it('the check finds an unclosed block', () => {
    expect(nestingProblems('.a {\n  margin: 0;\n\n.b {\n  padding: 0;\n}\n')).toEqual(['".b" is nested in ".a"', '".a" is never closed']);
  });
});
