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
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { PartBoundary, retryableLazy } from '../../src/ui/PartBoundary';
import { useStore } from '@nanostores/react';
import { useWidget } from '../../src/core/widget-context';
import { Events } from '../../src/core/events';
import { bus } from '../../src/bus/bus';
import { $session } from '../../src/session/session';
import { MOBILE_BREAKPOINT_PX, showsHelpShell, showsPageTitle } from './model/rules';
import { DesktopHeader } from './DesktopHeader';
import type { MobileHeaderProps } from './MobileHeader';
import { Logo } from './Logo';
import styles from './styles.css';

export { styles };

// Only help pages with the flag on need the shell: the header every other page loads stays without it.
const HelpShell = retryableLazy(() => import('./HelpShell'));
// Only a header with a `tutorial` needs the step (a top-layer popover: arriving later moves nothing).
const HeaderTutorial = retryableLazy(() => import('./HeaderTutorial'));

/**
 * The mobile header is its own chunk: a desktop page never loads it. A phone's header starts
 * mobile, so index.ts loads the chunk before the tag upgrades (mobileAtStart()): the first render
 * has it, and the page's own placeholder for the tag stands until then. A header that turns mobile
 * later (the `mobile` attribute set, a window narrowed) shows the bar's box and title meanwhile.
 */
let mobileModule: typeof import('./MobileHeader') | null = null;
export function loadMobileHeader(): Promise<unknown> {
  return import('./MobileHeader').then((m) => (mobileModule = m));
}
const LazyMobileHeader = retryableLazy(() => import('./MobileHeader').then((m) => ({ default: m.MobileHeader })));

function MobileSlot(props: MobileHeaderProps) {
  // Chosen once per mount: switching from the lazy wrapper to the module's component would remount it.
  const [Header] = useState(() => mobileModule?.MobileHeader ?? LazyMobileHeader);
  return (
    <PartBoundary retry={LazyMobileHeader.retry}>
      <Suspense fallback={<MobileBarPlaceholder pageTitle={props.pageTitle} searchTerm={props.searchTerm} />}>
        <Header {...props} />
      </Suspense>
    </PartBoundary>
  );
}

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

/**
 * Whether a header renders mobile as soon as it upgrades: the viewport is narrow, or a header on
 * the page has the `mobile` flag (a flag is on unless "false": src/core/attributes.ts).
 */
export function mobileAtStart(): boolean {
  if (isNarrow()) return true;
  if (typeof document === 'undefined') return false;
  return [...document.querySelectorAll('blog-header[mobile]')].some((el) => el.getAttribute('mobile')!.trim().toLowerCase() !== 'false');
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
  const { host } = useWidget();
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

  const [tutorialDone, setTutorialDone] = useState<string | null>(null);
  const variant = helpShell ? 'help' : isMobile ? 'mobile' : 'desktop';

  return (
    <header
      className={`header${formOpen ? ' is-hidden' : ''}`}
      part="header"
      inert={formOpen || undefined}
      aria-hidden={formOpen || undefined}
      data-variant={variant}
    >
      {helpShell ? (
        <PartBoundary retry={HelpShell.retry}>
          <Suspense fallback={<HelpBarPlaceholder />}>
            <HelpShell topics={helpTopics} home={helpHomeAttribute} />
          </Suspense>
        </PartBoundary>
      ) : isMobile ? (
        <MobileSlot pageTitle={pageTitle} searchTerm={searchTerm} appUrl={appUrl} featuredPost={featuredPost} />
      ) : (
        <DesktopHeader />
      )}
      {tutorial !== undefined && (
        <PartBoundary quiet>
          <Suspense fallback={null}>
            <HeaderTutorial tutorial={tutorial} done={tutorialDone} onDone={setTutorialDone} variant={variant} hidden={formOpen} />
          </Suspense>
        </PartBoundary>
      )}
    </header>
  );
}

/**
 * The mobile bar while its chunk arrives: the same box, and the title or logo it will show, so
 * nothing moves when it comes (its buttons appear in place).
 */
function MobileBarPlaceholder({ pageTitle, searchTerm }: { pageTitle?: string | undefined; searchTerm?: string | undefined }) {
  const session = useStore($session);
  const showTitle = showsPageTitle({
    pageTitlesFlag: session.flags.page_titles === true,
    loggedIn: session.user !== null,
    searchTerm: searchTerm ?? null,
    pageTitle: pageTitle ?? null,
  });
  return (
    <div className="mobile">
      <div className="mobile__fixed">
        <div className="bar bar--mobile">
          <span className="bar-center">
            {showTitle ? <span className="page-title">{pageTitle}</span> : <Logo href={session.user ? '/dashboard' : '/'} />}
          </span>
        </div>
      </div>
    </div>
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
