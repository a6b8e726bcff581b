import './add-texts.ts';
import { useId, useState } from 'react';
import { SpaLink } from '../ui/spa-link.tsx';
import { useT } from '../i18n/use-t.tsx';
import { EXTRA_LINKS } from './extra-links.ts';
import { useModalSheet } from '../ui/modal-sheet.ts';
import type { MenuItem } from '../../schema/catalog/menu-tree.ts';
import { MenuName, useMenuName } from './menu-name.tsx';
import { useMenuItems } from './use-menu-items.ts';
import { useShopLinks } from './use-shop-links.ts';
import './menu-drawer.css';

/** A top category in the drawer: its link and, with children, a disclosure button showing them. */
function DrawerEntry({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const { t } = useT();
  const nameOf = useMenuName();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li className="menu-drawer__item">
      <div className="menu-drawer__row">
        <SpaLink href={item.href} className="menu-drawer__link" onClick={onNavigate}>
          <MenuName item={item} />
        </SpaLink>
        {item.children.length > 0 && (
          <button
            type="button"
            className="menu-drawer__toggle"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            <span className="visually-hidden">{t('navigation.submenu', { name: nameOf(item).text })}</span>
            <svg viewBox="0 0 12 12" width="14" height="14" aria-hidden="true" focusable="false">
              <path d="m3 4.5 3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
      {item.children.length > 0 && (
        <ul id={listId} className="menu-drawer__sublist" hidden={!open}>
          {item.children.map((child) => (
            <li key={child.id}>
              <SpaLink href={child.href} className="menu-drawer__sublink" onClick={onNavigate}>
                <MenuName item={child} />
              </SpaLink>
              {child.children.length > 0 && (
                <ul className="menu-drawer__sublist">
                  {child.children.map((grandchild) => (
                    <li key={grandchild.id}>
                      <SpaLink href={grandchild.href} className="menu-drawer__sublink" onClick={onNavigate}>
                        <MenuName item={grandchild} />
                      </SpaLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The drawer itself, a modal <dialog> shown as it mounts: focus moves to its close button and stays inside (Tab
 * wraps); Escape, the close button, the backdrop, a link or a navigation elsewhere close it, and every way ends
 * in `onClose` (the menu button takes focus back). Its own chunk, loaded when the drawer is first opened.
 */
export default function DrawerPanel({ bootInit, onClose }: { bootInit: unknown; onClose: () => void }) {
  const { t } = useT();
  const items = useMenuItems(useShopLinks(bootInit));
  const { close, dialogProps } = useModalSheet();
  const titleId = useId();
  return (
    <dialog
      {...dialogProps}
      className="modal-sheet menu-drawer"
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="menu-drawer"
    >
      <div className="menu-drawer__panel">
        <div className="modal-sheet__head menu-drawer__head">
          <h2 id={titleId} className="modal-sheet__title">
            {t('navigation.menu')}
          </h2>
          <button type="button" className="modal-sheet__close" onClick={close}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('navigation.close')}</span>
          </button>
        </div>
        <nav aria-label={t('navigation.label')}>
          <ul className="menu-drawer__list">
            {items.map((item) => (
              <DrawerEntry key={item.id} item={item} onNavigate={close} />
            ))}
            {EXTRA_LINKS.map((link) => (
              <li key={link.key} className="menu-drawer__item">
                <SpaLink href={link.href} className="menu-drawer__link" onClick={close}>
                  {t(`navigation.${link.key}`)}
                </SpaLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
