/**
 * The mobile help-docs shell (authoring spec §2 "Mobile help-docs app shell", behind the
 * `responsive_help_docs` flag of §6): what <blog-header> is on a page of the help section on
 * mobile with the flag on. A bar with Back, the title Help and a Topics button; the menu (a modal
 * <dialog> from the right) searches and lists the help topics. Its own chunk: only help pages
 * load it. Rules in model/help.ts; README "blog-header", "Help-docs shell".
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWidget } from '../../src/core/widget-context';
import { navigate } from '../../src/core/address';
import { isPlainClick } from '../../src/core/plain-click';
import { Dialog } from '../../src/ui/Dialog';
import { BackIcon, CloseIcon, TopicsIcon } from './icons';
import { useSticky } from './use-sticky';
import {
  HELP_EXIT_URL,
  HELP_QUERY_MAX,
  arrivedFromHelp,
  filterHelpTopics,
  helpBack,
  helpHome,
  helpPlace,
  helpSearchUrl,
  normalizeHelpTopics,
  resultsText,
} from './model/help';

export interface HelpShellProps {
  /** The `help-topics` attribute as parsed, not yet checked. */
  topics: unknown;
  /** The `help-home` attribute. */
  home: string | undefined;
}

export default function HelpShell({ topics: topicsAttribute, home: homeAttribute }: HelpShellProps) {
  const { announce } = useWidget();
  const sticky = useSticky();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const menuId = `${id}-menu`;

  const home = helpHome(homeAttribute);
  const topics = useMemo(() => normalizeHelpTopics(topicsAttribute, home), [topicsAttribute, home]);
  const place = useMemo(() => helpPlace(location.href, home, topics), [home, topics]);
  const current = place?.kind === 'article' ? place.topic : null;
  const back = helpBack({ url: location.href, referrer: document.referrer, historyLength: history.length, home, onArticle: !!current });
  const shown = useMemo(() => filterHelpTopics(topics, q), [topics, q]);

  // Arriving at an article from another help page (a topic chosen in the menu), reading starts at
  // its heading rather than at the top of the document; from anywhere else the browser's start is kept.
  useEffect(() => {
    if (!current || !arrivedFromHelp({ url: location.href, referrer: document.referrer, home, topics })) return;
    if (document.activeElement && document.activeElement !== document.body) return; // the reader has already moved
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    // Once, on arrival: later topic changes are new pages.
  }, []);

  // Opening the menu puts focus on the reader's own topic (else the first one listed, else the
  // search field), never the page behind; the Dialog gives it back to the Topics button on close.
  useEffect(() => {
    if (!open) return;
    const links = list.current;
    (links?.querySelector<HTMLElement>('[aria-current="page"]') ?? links?.querySelector<HTMLElement>('a') ?? input.current)?.focus();
    // Only when it opens: filtering later must not pull focus out of the search field.
  }, [open]);

  return (
    <div
      className={`mobile help${sticky.sticky ? ' is-sticky' : ''}${sticky.sticky && sticky.navHidden ? ' is-nav-hidden' : ''}`}
      part="mobile help"
    >
      <div className="mobile__fixed">
        <div className="bar bar--mobile help__bar" part="bar">
          <a
            className="bar-button"
            part="help-back"
            href={back.href}
            aria-label="Back"
            onClick={(event) => {
              if (!back.history || !isPlainClick(event.nativeEvent)) return;
              event.preventDefault();
              history.back();
            }}
          >
            <BackIcon />
          </a>
          <span className="bar-center">
            <span className="page-title" part="help-title">
              Help
            </span>
          </span>
          <button
            type="button"
            className="bar-button help__menu-button"
            part="help-menu-button"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-controls={open ? menuId : undefined}
            onClick={() => setOpen(true)}
          >
            <TopicsIcon />
            <span>Topics</span>
          </button>
        </div>
      </div>

      <Dialog open={open} onCancel={() => setOpen(false)} dismissOnBackdrop className="drawer drawer--end" labelledBy={`${menuId}-label`}>
        <div id={menuId} className="drawer__panel" part="help-menu">
          <div className="bar bar--mobile bar--drawer help__menu-bar">
            <h2 className="page-title help__menu-title" id={`${menuId}-label`}>
              Help topics
            </h2>
            <button type="button" className="bar-button" aria-label="Close topics" onClick={() => setOpen(false)}>
              <CloseIcon />
            </button>
          </div>
          <div className="drawer__content">
            <form
              className="help__search"
              part="help-search"
              role="search"
              aria-label="Help topics"
              action={home}
              method="get"
              onSubmit={(event) => {
                event.preventDefault();
                navigate(announce, helpSearchUrl(home, q, location.href));
              }}
            >
              <label className="help__search-label" htmlFor={`${menuId}-q`}>
                Search help
              </label>
              <input
                ref={input}
                id={`${menuId}-q`}
                className="search__input help__search-input"
                type="search"
                name="q"
                maxLength={HELP_QUERY_MAX}
                autoComplete="off"
                enterKeyHint="search"
                aria-describedby={`${menuId}-count`}
                value={q}
                onChange={(event) => setQ(event.target.value)}
              />
            </form>
            <p className="help__count" id={`${menuId}-count`} role="status">
              {resultsText(shown.length, q)}
            </p>
            <ul className="drawer__list help__topics" part="help-topics" ref={list}>
              {shown.map((topic) => (
                <li key={topic.slug}>
                  <a className="help__topic" href={topic.href} aria-current={topic === current ? 'page' : undefined}>
                    <span className="help__topic-title">{topic.title}</span>
                    {topic.summary && <span className="help__topic-summary">{topic.summary}</span>}
                  </a>
                </li>
              ))}
            </ul>
            <ul className="drawer__list help__more">
              <li>
                <a className="drawer__item" href={home} aria-current={place?.kind === 'home' ? 'page' : undefined}>
                  All help topics
                </a>
              </li>
              <li>
                <a className="drawer__item" href={HELP_EXIT_URL}>
                  Dashboard
                </a>
              </li>
            </ul>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
