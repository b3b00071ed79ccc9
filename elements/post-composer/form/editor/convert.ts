/**
 * Moving a post body between the editor's modes (authoring spec §3 editorType rich, html,
 * markdown): rich and HTML hold the same HTML; markdown is converted with `marked` (to HTML) and
 * `turndown` (from HTML) — a small, well-kept pair instead of a converter of our own. Everything
 * that becomes HTML passes the post body's allow-list.
 */
import { marked } from 'marked';
import TurndownService from 'turndown';
import { postHtmlDocument, sanitizePostHtml, trustedPostHtml } from '../../post-html';
import type { SafeHtml } from '../../../../src/core/trusted-types';
import type { EditorType } from '../../model/post';

let turndown: TurndownService | null = null;

const markdownHtml = (markdown: string): string => marked.parse(markdown, { async: false, gfm: true, breaks: false }) as string;

export function markdownToHtml(markdown: string): string {
  return sanitizePostHtml(markdownHtml(markdown));
}

/** The Markdown preview's HTML, for its sink. */
export function markdownPreviewHtml(markdown: string): SafeHtml {
  return trustedPostHtml(markdownHtml(markdown));
}

export function htmlToMarkdown(html: string): string {
  turndown ??= new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced', hr: '---' });
  // Nodes, not a string: turndown would parse a string itself, through an HTML sink.
  return turndown.turndown(postHtmlDocument(html).body);
}

/** The body in the form `to` holds, from the form `from` held it in. */
export function convertBody(body: string, from: EditorType, to: EditorType): string {
  if (from === to || !body.trim()) return body;
  if (to === 'markdown') return htmlToMarkdown(body);
  if (from === 'markdown') return markdownToHtml(body);
  return sanitizePostHtml(body);
}
