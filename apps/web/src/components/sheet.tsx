import { Popup, type PopupProps } from 'antd-mobile';
import { useEffect, useState } from 'react';

/**
 * antd-mobile's Popup, mounted the first time it opens. A closed Popup draws nothing yet still runs
 * its spring and drag hooks on every render and commit of its page (a list's filters and sheets: a
 * fifth of 公海's takeover at 4× CPU): until it is first asked for, nothing of it runs. It mounts
 * closed, then opens in the next effect, so the first opening slides in like every other.
 */
export function Sheet({ visible = false, ...props }: PopupProps) {
  const [stage, setStage] = useState<'unused' | 'mounted' | 'live'>(visible ? 'mounted' : 'unused');
  useEffect(() => {
    if (stage === 'unused' && visible) setStage('mounted');
    else if (stage === 'mounted') setStage('live');
  }, [stage, visible]);
  if (stage === 'unused') return null;
  return <Popup {...props} visible={stage === 'live' && visible} />;
}
