import './add-texts.ts';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { SpaLink } from '../ui/spa-link.tsx';
import { useT } from '../i18n/use-t.tsx';
import { SUBMENU_DELAY_MS } from './extra-links.ts';
import type { MenuItem } from '../../schema/catalog/menu-tree.ts';
import { MenuName, useMenuName } from './menu-name.tsx';
import './menu-bar.css';

interface EntryProps {
  item: MenuItem;
  open: boolean;
  /** Opens (true) or closes (false) this entry's submenu; `delayed` for the pointer (spec's 300 ms). */
  setOpen: (open: boolean, delayed: boolean) => void;
}

const firstLinkOf = (element: HTMLElement | null): HTMLElement | null =>
  element?.querySelector<HTMLElement>('a[href]') ?? null;

/**
 * A top entry: the category's link, and for a category with children a disclosure button (aria-expanded) that
 * shows its submenu, the WAI-ARIA "disclosure navigation" pattern rather than a menu role: the links stay links.
 */
function MenuEntry({ item, open, setOpen }: EntryProps) {
  const { t } = useT();
  const nameOf = useMenuName();
  const submenuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const submenu = useRef<HTMLUListElement>(null);
  const hasChildren = item.children.length > 0;
  // ArrowDown on a closed entry: its first link takes focus once the submenu is shown.
  const focusFirst = useRef(false);

  useEffect(() => {
    if (open && focusFirst.current) firstLinkOf(submenu.current)?.focus();
    focusFirst.current = false;
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!hasChildren) return;
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false, false);
      toggle.current?.focus();
    } else if (event.key === 'ArrowDown' && !submenu.current?.contains(event.target as Node)) {
      event.preventDefault();
      if (open) firstLinkOf(submenu.current)?.focus();
      else {
        focusFirst.current = true;
        setOpen(true, false);
      }
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && open) {
      // Inside the submenu: the arrows move between its links, as a shopper used to menus expects.
      const links = [...(submenu.current?.querySelectorAll<HTMLElement>('a[href]') ?? [])];
      const at = links.indexOf(event.target as HTMLElement);
      const next = links[at + (event.key === 'ArrowDown' ? 1 : -1)];
      event.preventDefault();
      if (next) next.focus();
      else if (event.key === 'ArrowUp') toggle.current?.focus();
    }
  };
  // Focus leaving the entry (Tab past its last link, a click elsewhere) closes its submenu.
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false, false);
  };

  return (
    <li
      className={`main-menu__item${open ? ' is-open' : ''}`}
      onMouseEnter={() => hasChildren && setOpen(true, true)}
      onMouseLeave={() => hasChildren && setOpen(false, true)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      data-testid="main-menu-item"
    >
      <SpaLink href={item.href} className="main-menu__link" onClick={() => setOpen(false, false)}>
        <MenuName item={item} />
      </SpaLink>
      {hasChildren && (
        <>
          <button
            ref={toggle}
            type="button"
            className="main-menu__toggle"
            aria-expanded={open}
            aria-controls={submenuId}
            onClick={() => setOpen(!open, false)}
          >
            <span className="visually-hidden">{t('navigation.submenu', { name: nameOf(item).text })}</span>
            <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
              <path d="m3 4.5 3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </button>
          <ul id={submenuId} ref={submenu} className="main-menu__submenu" hidden={!open} data-testid="main-submenu">
            {item.children.map((child) => (
              <li key={child.id}>
                <SpaLink href={child.href} className="main-menu__sublink" onClick={() => setOpen(false, false)}>
                  <MenuName item={child} />
                </SpaLink>
                {child.children.length > 0 && (
                  <ul className="main-menu__subsub">
                    {child.children.map((grandchild) => (
                      <li key={grandchild.id}>
                        <SpaLink
                          href={grandchild.href}
                          className="main-menu__sublink main-menu__sublink--deep"
                          onClick={() => setOpen(false, false)}
                        >
                          <MenuName item={grandchild} />
                        </SpaLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/**
 * The desktop menu bar (from 992 px; phones use the drawer): the top categories (the shop's own pages, ads and
 * contact, are in the footer, so a dozen categories fit one row at 1280 px), each submenu opening
 * SUBMENU_DELAY_MS after the pointer rests on its entry and at once from the keyboard; one open at a time.
 */
export function MainMenu({ items }: { items: readonly MenuItem[] }) {
  const { t } = useT();
  const [openId, setOpenId] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const setOpenFor = (id: number) => (open: boolean, delayed: boolean) => {
    window.clearTimeout(timer.current);
    const apply = () => setOpenId((current) => (open ? id : current === id ? null : current));
    if (delayed) timer.current = window.setTimeout(apply, SUBMENU_DELAY_MS);
    else apply();
  };

  return (
    <nav className="main-menu" aria-label={t('navigation.label')} data-testid="main-menu">
      <ul className="main-menu__list container">
        {items.map((item) => (
          <MenuEntry key={item.id} item={item} open={openId === item.id} setOpen={setOpenFor(item.id)} />
        ))}
      </ul>
    </nav>
  );
}
