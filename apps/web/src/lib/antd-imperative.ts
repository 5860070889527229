import './antd-render';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import Dialog from 'antd-mobile/es/components/dialog';
import ImageViewer from 'antd-mobile/es/components/image-viewer';

/** antd-mobile's imperative APIs, with React 19's render hook set (lib/antd-render.ts); import them from here. */
export { ActionSheet, Dialog, ImageViewer };
