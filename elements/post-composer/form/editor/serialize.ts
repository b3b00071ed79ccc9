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

/** The top-level blocks the post is made of: none for an empty document, and not the empty line after a final block. */
function $postBlocks(): LexicalNode[] {
  const children = $getRoot().getChildren();
  // (block by block: the first that is not an empty paragraph ends it, not a copy of a long post's text)
  if (children.every((c) => $isParagraphNode(c) && c.getTextContent().trim() === '')) return [];
  // The empty line kept after a final block (somewhere to type) is not part of the post.
  while (
    children.length > 1 &&
    $isParagraphNode(children.at(-1)) &&
    children.at(-1)!.getTextContent() === '' &&
    (children.at(-1) as ElementNode).getChildrenSize() === 0
  )
    children.pop();
  return children;
}

/** A node and its descendants, in document order. */
function $subtree(node: LexicalNode, into: LexicalNode[] = []): LexicalNode[] {
  into.push(node);
  if ($isElementNode(node)) for (const child of node.getChildren()) $subtree(child, into);
  return into;
}

/**
 * The editor's document as sanitised HTML (call inside a read; an empty document is ''), each
 * top-level block sanitised on
 * its own and kept until one of its nodes changes. Sanitising the whole body again at every
 * report cost 530 ms of one task for a 200 KB post under 4× CPU throttling, once typing paused;
 * now a report sanitises the block being typed in.
 *
 * A block's HTML is kept while its nodes are the very same objects: Lexical never changes a node
 * in place, it replaces it by a changed copy (`getWritable`), and a parent whose children come or
 * go is copied too (so are their neighbours, whose sibling links change); but a text node typed in leaves its paragraph object as it was, so every node
 * of the block is compared, not only the block. The blocks are whole elements, so sanitising them
 * one by one gives what sanitising their concatenation would.
 */
export function createPostHtmlSerializer(sanitize: (html: string) => string): () => string {
  let kept = new Map<string, { nodes: LexicalNode[]; html: string }>();
  return () => {
    const next = new Map<string, { nodes: LexicalNode[]; html: string }>();
    const html = $postBlocks().map((block) => {
      const nodes = $subtree(block);
      const before = kept.get(block.getKey());
      const entry =
        before && before.nodes.length === nodes.length && before.nodes.every((node, i) => node === nodes[i])
          ? before
          : { nodes, html: sanitize($node(block)) };
      next.set(block.getKey(), entry);
      return entry.html;
    });
    kept = next;
    return html.join('');
  };
}
