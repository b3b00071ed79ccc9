/**
 * <blog-header>: the app header (spec §2 Header; messaging spec §2 Mobile header and
 * drawer). Desktop: logo, Dashboard, Explore, inbox with the unread badge, activity,
 * account menu, compose. Mobile (`mobile`, or a viewport under 640 px): burger and
 * drawer, title or logo, search. Logged out: the reduced header. Hides while the
 * post form is open (bus composer:open / composer:close). Can show one tutorial
 * step (`tutorial`). On a help page (`section="help"`) on mobile with the
 * `responsive_help_docs` flag on, it is the help-docs shell (authoring spec §2, §6;
 * HelpShell.tsx, its own chunk). See README "blog-header".
 */
import type { ContractProps } from '../../src/core/contract';
import type { contract } from './contract';
import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { bus } from '../../src/bus/bus';
import { $session } from '../../src/session/session';
import { MOBILE_BREAKPOINT_PX, showsHelpShell } from './model/rules';
import { normalizeTutorialConfig } from '../../src/models/tutorial';
import { TutorialPopover } from '../../src/ui/TutorialPopover';
import { DesktopHeader } from './DesktopHeader';
import { MobileHeader, normalizeFeaturedPost } from './MobileHeader';
import styles from './styles.css';
import { navigate } from '../../src/core/address';

export { styles };

// Only help pages with the flag on need the shell: the header every other page loads stays without it.
const HelpShell = lazy(() => import('./HelpShell'));

/** Its attributes, parsed (declared once, in contract.ts). */
export type BlogHeaderProps = ContractProps<typeof contract>;

const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribeNarrow(callback: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const list = matchMedia(NARROW_QUERY);
  list.addEventListener('change', callback);
  return () => list.removeEventListener('change', callback);
}
const isNarrow = () => typeof matchMedia === 'function' && matchMedia(NARROW_QUERY).matches;

/** A header part name (`compose`, `inbox`, `activity`, `account`, `logo`, `explore`, `burger`, `search`) or a page selector. */
function resolveTarget(shadowRoot: ShadowRoot, name: string | null): Element | null {
  if (!name) return null;
  const own = shadowRoot.querySelector(`[data-target="${CSS.escape(name)}"]`);
  if (own) return own;
  try {
    return document.querySelector(name);
  } catch {
    console.error(`<blog-header>: tutorial pinnedTarget "${name}" is neither a header part nor a valid selector.`);
    return null;
  }
}

export default function BlogHeader({
  mobile,
  pageTitle,
  searchTerm,
  appUrl,
  featuredPost,
  tutorial,
  section,
  helpHome: helpHomeAttribute,
  helpTopics,
}: BlogHeaderProps) {
  const { shadowRoot, announce, host } = useWidget();
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const isMobile = !!mobile || narrow;
  const helpFlag = useStore($session).flags.responsive_help_docs;
  const helpShell = showsHelpShell({ mobile: isMobile, section, flag: helpFlag });
  const [formOpen, setFormOpen] = useState(false);

  // Spec: the header hides when the post form opens and shows when it closes.
  useEffect(() => {
    const offOpen = bus.on(Events.composerOpen, () => setFormOpen(true));
    const offClose = bus.on(Events.composerClose, () => setFormOpen(false));
    return () => {
      offOpen();
      offClose();
    };
  }, []);
  useEffect(() => {
    host.toggleAttribute('data-form-open', formOpen);
  }, [formOpen, host]);

  const config = useMemo(() => normalizeTutorialConfig(tutorial), [tutorial]);
  const [tutorialDone, setTutorialDone] = useState<string | null>(null);
  const [target, setTarget] = useState<Element | null>(null);
  useEffect(() => {
    setTarget(config ? resolveTarget(shadowRoot, config.pinnedTarget) : null);
  }, [config, shadowRoot, isMobile]);
  const showTutorial = config !== null && tutorialDone !== JSON.stringify(config) && !formOpen;

  const featured = useMemo(() => normalizeFeaturedPost(featuredPost), [featuredPost]);

  return (
    <header
      className={`header${formOpen ? ' is-hidden' : ''}`}
      part="header"
      inert={formOpen || undefined}
      aria-hidden={formOpen || undefined}
      data-variant={helpShell ? 'help' : isMobile ? 'mobile' : 'desktop'}
    >
      {helpShell ? (
        <Suspense fallback={<HelpBarPlaceholder />}>
          <HelpShell topics={helpTopics} home={helpHomeAttribute} />
        </Suspense>
      ) : isMobile ? (
        <MobileHeader pageTitle={pageTitle} searchTerm={searchTerm} appUrl={appUrl} featuredPost={featured} />
      ) : (
        <DesktopHeader />
      )}
      {showTutorial && config && (
        <TutorialPopover
          key={JSON.stringify(config)}
          config={config}
          target={target}
          part="tutorial"
          onDismiss={() => announce(Events.tutorialDismiss, { name: config.name })}
          onRemoved={() => {
            setTutorialDone(JSON.stringify(config));
            announce(Events.tutorialRemoved, { name: config.name });
          }}
          onEdit={(url) => navigate(announce, url)}
        />
      )}
    </header>
  );
}

/** The shell's bar while its chunk arrives: same height and title, so nothing moves when it does. */
function HelpBarPlaceholder() {
  return (
    <div className="mobile help">
      <div className="bar bar--mobile help__bar">
        <span className="bar-center">
          <span className="page-title">Help</span>
        </span>
      </div>
    </div>
  );
}
