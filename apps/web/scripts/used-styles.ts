/**
 * Which stylesheets a painted copy needs (prerender-login-plugin.ts): a painter waits for the
 * stylesheets it asks for before it shows the copy, and 今日待办's page brings twelve, most of them
 * for its follow-up sheet and form, which the copy never shows. A stylesheet is needed when one of
 * its rules can match the copy: every class its selector asks for is a class of the copy's markup,
 * or it asks for none (element and :root rules, kept whatever they select). The app loads the rest
 * with the page's files, as always.
 */
import postcss from 'postcss';

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;
/** Selectors whose classes need not all be there: a class in :not() is one the element lacks. */
const NEGATION = /:not\((?:[^()]|\([^()]*\))*\)/g;
/** Selectors matching when any one of their listed classes is there: kept, rather than read. */
const ALTERNATIVES = /:(?:is|where|has|matches)\(/;

/** The classes of every element of the markups. */
export function markupClasses(markups: readonly string[]): Set<string> {
  const classes = new Set<string>();
  for (const markup of markups) {
    for (const match of markup.matchAll(CLASS_ATTRIBUTE)) {
      for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
    }
  }
  return classes;
}

/** Whether one selector (of a comma list) can match an element of a markup with these classes. */
function selectorMayMatch(selector: string, classes: ReadonlySet<string>): boolean {
  if (ALTERNATIVES.test(selector)) return true;
  const asked = [...selector.replace(NEGATION, '').matchAll(CLASS_IN_SELECTOR)].map((match) => match[1] ?? '');
  return asked.every((name) => classes.has(name));
}

/** Whether a stylesheet has a rule that can style a markup with these classes. */
export function styleSheetApplies(css: string, classes: ReadonlySet<string>): boolean {
  let applies = false;
  postcss.parse(css).walkRules((rule) => {
    // Keyframes' steps (from, 50%) are no selectors of elements.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return undefined;
    if (rule.selectors.some((selector) => selectorMayMatch(selector, classes))) {
      applies = true;
      return false;
    }
    return undefined;
  });
  return applies;
}
