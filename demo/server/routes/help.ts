/**
 * The help docs (authoring spec §2 "Mobile help-docs app shell", behind the `responsive_help_docs`
 * flag; the articles are ours, demo/pages/help-articles.ts).
 *   GET /help            the topics; ?q= filters them (the same search as the shell's menu)
 *   GET /help/:topic     one article; an unknown topic is the 404 page
 * `?mobile=1` gives the mobile header and `?flag_responsive_help_docs=1` turns the flag on: with
 * both, <blog-header> is the help-docs shell. Both stay on every help link.
 */
import { Hono, type Context } from 'hono';
import { helpArticleBody, helpHomeBody, type HelpPageModel } from '../../pages/help';
import { helpArticle } from '../../pages/help-articles';
import type { AppEnv, Deps } from '../lib/types';
import { keptQuery, sendNotFound, sendPage } from './pages';

const STYLESHEETS = ['/static/simple.css', '/static/help.css'];

export function helpRoutes(deps: Deps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const model = (c: Context<AppEnv>): HelpPageModel => ({ mobile: c.req.query('mobile') === '1', keep: keptQuery(c, ['mobile']) });

  r.get('/help', (c) =>
    sendPage(c, deps, {
      title: 'Help | tumblelog',
      stylesheets: STYLESHEETS,
      body: helpHomeBody({ ...model(c), q: c.req.query('q') ?? '' }),
      bodyClass: 'simple_page help_docs',
    }),
  );

  r.get('/help/:topic', (c) => {
    const article = helpArticle(c.req.param('topic'));
    if (!article) return sendNotFound(c, deps, `There is no help topic “${c.req.param('topic')}”.`);
    return sendPage(c, deps, {
      title: `${article.title} | Help | tumblelog`,
      stylesheets: STYLESHEETS,
      body: helpArticleBody({ ...model(c), article }),
      bodyClass: 'simple_page help_docs',
    });
  });

  return r;
}
