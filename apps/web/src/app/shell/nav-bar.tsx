import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { nav } from '../../lib/navigation';

/** The standard navigation bar: #f8f8f8, black title, back button unless hidden. */
export function NavBar({ title, back = true, right }: { title: string; back?: boolean; right?: ReactNode }) {
  return (
    <header className="nav-bar">
      <div className="nav-bar__side">
        {back && (
          <button type="button" className="nav-bar__back" aria-label="返回" onClick={() => nav.navigateBack()}>
            <LeftOutline fontSize={22} />
          </button>
        )}
      </div>
      <h1 className="nav-bar__title">{title}</h1>
      <div className="nav-bar__side nav-bar__side--right">{right}</div>
    </header>
  );
}
