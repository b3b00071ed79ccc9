/**
 * The rich editor's content as post HTML. Lexical's own exporter (`$generateHtmlFromNodes`) sets
 * `style` attributes on the elements it builds, which a page with a strict Content-Security-Policy
 * refuses (one console error per keystroke) and the allow-list drops anyway; the few node types
 * this editor has are written out here instead, as plain tags.
 */
import { $isLinkNode } from '@lexical/link';
import { $isListItemNode, $isListNode } from '@lexical/list';
import { $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import type { EditorBlock } from '../../model/editor-insert';
import { $isPostBlockNode } from './PostBlockNode';
import { $getRoot, $isElementNode, $isLineBreakNode, $isParagraphNode, $isTextNode, type ElementNode, type LexicalNode } from 'lexical';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Text formats, outermost first. */
const FORMATS: [format: 'bold' | 'italic' | 'strikethrough' | 'underline' | 'code' | 'subscript' | 'superscript', tag: string][] = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['strikethrough', 's'],
  ['underline', 'u'],
  ['code', 'code'],
  ['subscript', 'sub'],
  ['superscript', 'sup'],
];

function $node(node: LexicalNode): string {
  if ($isTextNode(node)) {
    let html = escape(node.getTextContent());
    for (const [format, tag] of [...FORMATS].reverse()) if (node.hasFormat(format)) html = `<${tag}>${html}</${tag}>`;
    return html;
  }
  if ($isLineBreakNode(node)) return '<br>';
  if ($isPostBlockNode(node)) return blockHtml(node.getBlock());
  if (!$isElementNode(node)) return escape(node.getTextContent());
  const inner = node.getChildren().map($node).join('');
  if ($isParagraphNode(node)) return `<p>${inner || '<br>'}</p>`;
  if ($isHeadingNode(node)) return `<${node.getTag()}>${inner}</${node.getTag()}>`;
  if ($isQuoteNode(node)) return `<blockquote>${inner}</blockquote>`;
  if ($isListNode(node)) {
    const tag = node.getListType() === 'number' ? 'ol' : 'ul';
    return `<${tag}>${inner}</${tag}>`;
  }
  // A list item holding only a nested list is that list (Lexical's way of indenting).
  if ($isListItemNode(node)) return node.getChildren().every($isListNode) ? inner : `<li>${inner}</li>`;
  if ($isLinkNode(node)) return `<a href="${escape(node.getURL())}">${inner}</a>`;
  return inner;
}

/** An image or frame (in a figure when captioned), or a rule: `hr.read-more` is the read-more break. */
export function blockHtml(block: EditorBlock): string {
  if (block.kind === 'rule') return block.readMore ? '<hr class="read-more">' : '<hr>';
  const dims = `${block.width ? ` width="${block.width}"` : ''}${block.height ? ` height="${block.height}"` : ''}`;
  const media =
    block.kind === 'image'
      ? `<img src="${escape(block.src)}" alt="${escape(block.alt)}"${dims}>`
      : `<iframe src="${escape(block.src)}"${dims}></iframe>`;
  return block.caption ? `<figure>${media}<figcaption>${escape(block.caption)}</figcaption></figure>` : media;
}

/** The editor's document as HTML (call inside a read or update). An empty document is ''. */
export function $serializePostHtml(): string {
  const root = $getRoot();
  if (root.getTextContent().trim() === '' && root.getChildren().every((c) => $isParagraphNode(c))) return '';
  const children = root.getChildren();
  // The empty line kept after a final block (somewhere to type) is not part of the post.
  while (
    children.length > 1 &&
    $isParagraphNode(children.at(-1)) &&
    children.at(-1)!.getTextContent() === '' &&
    (children.at(-1) as ElementNode).getChildrenSize() === 0
  )
    children.pop();
  return children.map($node).join('');
}
