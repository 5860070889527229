import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile's imperative APIs (Toast, Dialog, ActionSheet, ImageViewer.Multi.show) render through
// React 19's root API. lib/antd-imperative.ts and lib/toast.ts load this module before any of them
// runs; it stays out of the first load (it carries rc-util's legacy render code).
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    roots.delete(container);
  };
});
