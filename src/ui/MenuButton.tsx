import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

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
  /** Told when the menu opens or closes (so a hover card can stay open meanwhile). */
  onOpenChange?: (open: boolean) => void;
}

/** The APG menu-button pattern: Enter/Space/ArrowDown open, arrows/Home/End move, Escape closes. */
export function MenuButton({ label, items, icon, className, part, onOpenChange }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const id = useId();

  const setMenuOpen = (next: boolean, focusIndex = 0) => {
    setOpen(next);
    setActive(focusIndex);
    onOpenChange?.(next);
    if (!next) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  const onMenuKey = (event: React.KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = { ArrowDown: active === last ? 0 : active + 1, ArrowUp: active === 0 ? last : active - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setMenuOpen(false);
    } else if (event.key === 'Tab') {
      setOpen(false);
      onOpenChange?.(false);
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      const from = (active + 1) % items.length;
      const order = [...items.slice(from), ...items.slice(0, from)];
      const hit = order.find((i) => i.label.toLowerCase().startsWith(event.key.toLowerCase()));
      if (hit) setActive(items.indexOf(hit));
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
        <ul
          id={`${id}-menu`}
          role="menu"
          aria-label={label}
          className="tl-menu__list"
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (!next || !event.currentTarget.parentElement?.contains(next)) {
              setOpen(false);
              onOpenChange?.(false);
            }
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
      )}
    </span>
  );
}
