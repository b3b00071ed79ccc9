import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Placement } from '@floating-ui/dom';
import { Popover, preloadOnIntent } from './Popover';
import { isTypeAheadKey, moveActive, typeAhead, typeAheadBuffer, type ListboxKey } from '../models/listbox';

export interface MenuItem {
  id: string;
  label: string;
  /** A link item navigates; an action item runs onSelect. */
  href?: string;
  onSelect?: () => void;
  danger?: boolean;
}

interface MenuButtonProps {
  label: string;
  items: MenuItem[];
  icon?: ReactNode;
  className?: string;
  part?: string;
  /** Where the menu opens, against its button (it flips to stay on screen). */
  placement?: Placement;
  /** Told when the menu opens or closes (so a hover card can stay open meanwhile). */
  onOpenChange?: (open: boolean) => void;
}

/**
 * The APG menu-button pattern: Enter/Space/ArrowDown open, arrows (wrapping)/Home/End move,
 * type-ahead, Escape closes and gives focus back to the button. The menu is a Popover: in the top
 * layer (no z-index), kept on screen, closed by a press outside it.
 */
export function MenuButton({ label, items, icon, className, part, placement = 'top-end', onOpenChange }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const typed = useRef({ text: '', at: 0 });
  const id = useId();

  const setMenuOpen = (next: boolean, focusIndex = 0, returnFocus = true) => {
    setOpen(next);
    setActive(focusIndex);
    onOpenChange?.(next);
    if (!next && returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  const onMenuKey = (event: React.KeyboardEvent) => {
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End') {
      event.preventDefault();
      setActive(moveActive(active, key as ListboxKey, items.length, { wrap: true }));
    } else if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setMenuOpen(false);
    } else if (key === 'Tab') {
      setMenuOpen(false, 0, false);
    } else if (isTypeAheadKey(event)) {
      typed.current = typeAheadBuffer(typed.current, key, performance.now());
      setActive(
        typeAhead(
          items.map((i) => i.label),
          active,
          typed.current.text,
        ),
      );
    }
  };

  return (
    <span className={`tl-menu ${className ?? ''}`}>
      <button
        ref={buttonRef}
        type="button"
        className="tl-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={label}
        part={part}
        {...preloadOnIntent}
        onClick={() => setMenuOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setMenuOpen(true, event.key === 'ArrowUp' ? items.length - 1 : 0);
          }
        }}
      >
        {icon ?? '⋯'}
      </button>
      {open && (
        <Popover
          open
          anchor={buttonRef.current}
          placement={placement}
          className="tl-menu__popover"
          onDismiss={(reason) => setMenuOpen(false, 0, reason === 'escape')}
        >
          <ul
            id={`${id}-menu`}
            role="menu"
            aria-label={label}
            className="tl-menu__list"
            onKeyDown={onMenuKey}
            onBlur={(event) => {
              // Focus leaving for anywhere but the menu or its button closes it.
              const next = event.relatedTarget as Node | null;
              if (!next || (!event.currentTarget.contains(next) && next !== buttonRef.current)) setMenuOpen(false, 0, false);
            }}
          >
            {items.map((item, index) => (
              <li key={item.id} role="none">
                {item.href ? (
                  <a
                    ref={(node) => void (itemRefs.current[index] = node)}
                    role="menuitem"
                    tabIndex={index === active ? 0 : -1}
                    href={item.href}
                    className="tl-menu__item"
                  >
                    {item.label}
                  </a>
                ) : (
                  <button
                    ref={(node) => void (itemRefs.current[index] = node)}
                    role="menuitem"
                    type="button"
                    tabIndex={index === active ? 0 : -1}
                    className={`tl-menu__item${item.danger ? ' is-danger' : ''}`}
                    onClick={() => {
                      setMenuOpen(false);
                      item.onSelect?.();
                    }}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </Popover>
      )}
    </span>
  );
}
