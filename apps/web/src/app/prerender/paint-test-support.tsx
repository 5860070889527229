/** What the tests of the painted markup compare (home-top-, todo-rows-, pool-rows-markup.test.tsx). */
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { fillSlotsIn, fragment } from './paint-core';

/** Markup as the browser's parser serialises it, so that both sides compare alike. */
export function parsed(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

/** The app's render of a view, as the browser's parser serialises it. */
export const rendered = (element: ReactElement): string => parsed(renderToStaticMarkup(element));

/** What a painter draws: the build's markup of a look filled with its texts, then `adjust`ed as the painter does. */
export function filled(markup: string | undefined, texts: Record<string, string>, adjust?: (copy: DocumentFragment) => void): string {
  const copy = fragment(markup ?? '');
  fillSlotsIn(copy, texts);
  adjust?.(copy);
  const holder = document.createElement('div');
  holder.appendChild(copy);
  return holder.innerHTML;
}
