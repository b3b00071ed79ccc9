import { describe, expect, it } from 'vitest';
import {
  LOGO_HOVER_IMAGES,
  SETTINGS_SUBNAV,
  STICKY_INITIAL,
  drawerNext,
  followingCount,
  likesCount,
  pickLogoImage,
  searchUrl,
  showsHelpShell,
  showsPageTitle,
  stickyScroll,
  stickyTimerFired,
} from './rules';

describe('mobile drawer', () => {
  it('burger toggles, closing the subnav first', () => {
    expect(drawerNext('closed', 'burger')).toBe('open');
    expect(drawerNext('open', 'burger')).toBe('closed');
    expect(drawerNext('subnav', 'burger')).toBe('open');
  });
  it('settings toggles the subnav; overlay and search close; Escape steps back', () => {
    expect(drawerNext('open', 'settings')).toBe('subnav');
    expect(drawerNext('subnav', 'settings')).toBe('open');
    expect(drawerNext('closed', 'settings')).toBe('closed');
    expect(drawerNext('subnav', 'overlay')).toBe('closed');
    expect(drawerNext('open', 'search')).toBe('closed');
    expect(drawerNext('subnav', 'escape')).toBe('open');
    expect(drawerNext('open', 'escape')).toBe('closed');
  });
  it('has the six settings links, the last three in a new tab', () => {
    expect(SETTINGS_SUBNAV.map((l) => l.label)).toEqual([
      'Change Password',
      'Two Factor Authentication',
      'Help',
      'Account',
      'Notifications',
      'Apps',
    ]);
    expect(SETTINGS_SUBNAV.map((l) => l.newTab)).toEqual([false, false, false, true, true, true]);
  });
  it('shows Likes only above 0, Following always', () => {
    expect(likesCount(0)).toBeNull();
    expect(likesCount(1280)).toBe('1,280');
    expect(followingCount(0)).toBe('0');
    expect(followingCount(15)).toBe('15');
  });
});

describe('title vs logo', () => {
  const base = { pageTitlesFlag: true, loggedIn: true, searchTerm: '', pageTitle: 'Dashboard' };
  it('shows the title only with the flag, logged in and no search term', () => {
    expect(showsPageTitle(base)).toBe(true);
    expect(showsPageTitle({ ...base, pageTitlesFlag: false })).toBe(false);
    expect(showsPageTitle({ ...base, loggedIn: false })).toBe(false);
    expect(showsPageTitle({ ...base, searchTerm: 'cats' })).toBe(false);
    expect(showsPageTitle({ ...base, searchTerm: '   ' })).toBe(true);
    expect(showsPageTitle({ ...base, pageTitle: '' })).toBe(false);
  });
});

describe('search form', () => {
  it('builds /search with the four fields and their defaults', () => {
    expect(searchUrl({ q: ' cats ', filter_nsfw: true, sort: 'top', filter_post_type: 'any' })).toBe(
      '/search?q=cats&filter_nsfw=true&sort=top&filter_post_type=any',
    );
    expect(searchUrl({ q: 'a&b', filter_nsfw: false, sort: 'recent', filter_post_type: 'photo' })).toBe(
      '/search?q=a%26b&filter_nsfw=false&sort=recent&filter_post_type=photo',
    );
    expect(searchUrl({ q: 'x', filter_nsfw: true, sort: 'bogus', filter_post_type: 'bogus' })).toBe(
      '/search?q=x&filter_nsfw=true&sort=top&filter_post_type=any',
    );
    expect(searchUrl({ q: '  ', filter_nsfw: true, sort: 'top', filter_post_type: 'any' })).toBeNull();
  });
});

describe('sticky header', () => {
  it('waits for the delay past 45 px, then sticks; back at the top it unsticks at once', () => {
    let s = stickyScroll(STICKY_INITIAL, 45);
    expect(s).toMatchObject({ sticky: false, pending: false });
    s = stickyScroll(s, 46);
    expect(s).toMatchObject({ sticky: false, pending: true });
    s = stickyTimerFired(s);
    expect(s).toMatchObject({ sticky: true, pending: false, navHidden: false });
    s = stickyScroll(s, 10);
    expect(s).toMatchObject({ sticky: false, navHidden: false, pending: false });
  });
  it('does not stick if the page went back above 45 px before the delay ended', () => {
    let s = stickyScroll(STICKY_INITIAL, 100);
    s = stickyScroll(s, 20);
    expect(stickyTimerFired(s).sticky).toBe(false);
  });
  it('hides the nav when scrolling down and shows it when scrolling up', () => {
    let s = stickyTimerFired(stickyScroll(STICKY_INITIAL, 100));
    s = stickyScroll(s, 300);
    expect(s.navHidden).toBe(true);
    s = stickyScroll(s, 300);
    expect(s.navHidden).toBe(true);
    s = stickyScroll(s, 250);
    expect(s.navHidden).toBe(false);
  });
});

describe('logo hover image', () => {
  it('picks one of 5, never the same twice in a row', () => {
    const seen = new Set<number>();
    for (let r = 0; r < 1; r += 0.01) seen.add(pickLogoImage(r));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(pickLogoImage(1)).toBe(LOGO_HOVER_IMAGES - 1);
    for (let prev = 0; prev < 5; prev++) for (let r = 0; r < 1; r += 0.05) expect(pickLogoImage(r, prev)).not.toBe(prev);
  });
});

describe('help-docs shell', () => {
  it('needs the mobile header, the help section and the flag on', () => {
    expect(showsHelpShell({ mobile: true, section: 'help', flag: true })).toBe(true);
    expect(showsHelpShell({ mobile: true, section: ' Help ', flag: true })).toBe(true);
    expect(showsHelpShell({ mobile: false, section: 'help', flag: true })).toBe(false);
    expect(showsHelpShell({ mobile: true, section: 'help', flag: false })).toBe(false);
    expect(showsHelpShell({ mobile: true, section: 'help', flag: undefined })).toBe(false);
    expect(showsHelpShell({ mobile: true, section: 'settings', flag: true })).toBe(false);
    expect(showsHelpShell({ mobile: true, section: undefined, flag: true })).toBe(false);
  });
});
