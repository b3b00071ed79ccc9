import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { $session } from '../../src/session/session';
import { MenuButton, type MenuItem } from '../../src/ui/MenuButton';
import { logEvent } from '../../src/bus/log';
import { Logo } from './Logo';
import { ActivityMenu } from './ActivityMenu';
import { AccountIcon, ComposeIcon, ExploreIcon, HomeIcon } from './icons';
import { InboxButton } from './InboxButton';
import { onCompose } from './compose';
import { signalComposeIntent } from '../../src/stores/composer';

function isCurrent(path: string): boolean {
  return typeof location !== 'undefined' && (location.pathname === path || location.pathname.startsWith(`${path}/`));
}

/** The desktop bar: logo, Dashboard, Explore, inbox, activity, account, compose (logged out: Explore, Log in, Sign up). */
export function DesktopHeader() {
  const { announce } = useWidget();
  const session = useStore($session);
  const user = session.user;
  const current = session.currentChannel ?? user?.primary ?? '';
  const canMessage = !!user?.can_message;

  const explore = (
    <a
      className={`nav-link${isCurrent('/explore') ? ' is-current' : ''}`}
      href="/explore"
      part="explore"
      data-target="explore"
      aria-current={isCurrent('/explore') ? 'page' : undefined}
      onClick={() => logEvent('click', { source: 'app_header', target: 'explore' })}
    >
      <ExploreIcon />
      <span className="nav-link__text">Explore</span>
    </a>
  );

  if (!user) {
    return (
      <div className="bar bar--desktop" part="bar">
        <Logo href="/" />
        <nav className="nav" aria-label="Site">
          {explore}
          <a className="nav-text-link" href="/login" part="login">
            Log in
          </a>
          <a className="tl-button signup" href="/register" part="signup">
            Sign up
          </a>
        </nav>
      </div>
    );
  }

  const accountItems: MenuItem[] = [
    ...session.channels.map((c) => ({
      id: `blog-${c.name}`,
      label: c.title && c.title !== c.name ? `${c.name} — ${c.title}` : c.name,
      href: `/blog/${encodeURIComponent(c.name)}`,
    })),
    { id: 'settings', label: 'Settings', href: '/settings' },
    { id: 'appearance', label: 'Edit appearance', href: `/settings/blog/${encodeURIComponent(current)}` },
    { id: 'dashboard-settings', label: 'Dashboard settings', href: '/settings/dashboard' },
    { id: 'help', label: 'Help', href: '/help' },
  ];

  return (
    <div className="bar bar--desktop" part="bar">
      <Logo />
      <nav className="nav" aria-label="Account">
        <a
          className={`nav-link${isCurrent('/dashboard') ? ' is-current' : ''}`}
          href="/dashboard"
          part="dashboard"
          aria-current={isCurrent('/dashboard') ? 'page' : undefined}
        >
          <HomeIcon />
          <span className="nav-link__text">Dashboard</span>
        </a>
        {explore}
        {canMessage && <InboxButton className="nav-button" title="Inbox" />}
        <ActivityMenu blogName={current} />
        <span className="account" data-target="account">
          <MenuButton
            label="Account"
            items={accountItems}
            icon={<AccountIcon />}
            part="account-button"
            className="account-menu"
            placement="bottom-end"
          />
        </span>
        <button
          type="button"
          className="compose-button"
          part="compose-button"
          data-target="compose"
          aria-label="Create a post"
          title="Create a post"
          onClick={() => onCompose(announce)}
          onPointerEnter={signalComposeIntent}
          onFocus={signalComposeIntent}
        >
          <ComposeIcon />
        </button>
      </nav>
    </div>
  );
}
