import { describe, expect, it } from 'vitest';
import { $createParagraphNode, $createTextNode, $getRoot, createEditor, type ElementNode, type TextNode } from 'lexical';
import { $createHeadingNode, HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $createLinkNode, LinkNode } from '@lexical/link';
import { $createListItemNode, $createListNode, ListItemNode, ListNode } from '@lexical/list';
import { createPostHtmlSerializer } from './serialize';

/** A headless editor (no DOM) holding a heading, a paragraph with a link, a list and a plain paragraph. */
function setup() {
  const editor = createEditor({
    nodes: [HeadingNode, QuoteNode, LinkNode, ListNode, ListItemNode],
    onError: (error) => {
      throw error;
    },
  });
  const edit = (fn: () => void) => editor.update(fn, { discrete: true });
  edit(() => {
    const link = $createLinkNode('https://example.com/').append($createTextNode('a link'));
    $getRoot().append(
      $createHeadingNode('h2').append($createTextNode('Title')),
      $createParagraphNode().append($createTextNode('Some '), link, $createTextNode(' here.')),
      $createListNode('bullet').append(
        $createListItemNode().append($createTextNode('one')),
        $createListItemNode().append($createTextNode('two')),
      ),
      $createParagraphNode().append($createTextNode('The end.')),
    );
  });
  const sanitized: string[] = [];
  const serialize = createPostHtmlSerializer((html) => {
    sanitized.push(html);
    return html;
  });
  const read = () => editor.getEditorState().read(serialize);
  /** What a serializer with nothing kept writes. */
  const fresh = () => editor.getEditorState().read(createPostHtmlSerializer((html) => html));
  const text = (block: number, child = 0) => $getRoot().getChildAtIndex<ElementNode>(block)!.getChildAtIndex<TextNode>(child)!;
  return { editor, edit, read, fresh, sanitized, text };
}

describe('post HTML, block by block', () => {
  it('writes the blocks as plain tags', () => {
    const { read } = setup();
    expect(read()).toBe(
      '<h2>Title</h2><p>Some <a href="https://example.com/">a link</a> here.</p><ul><li>one</li><li>two</li></ul><p>The end.</p>',
    );
  });

  it('sanitises again only the block whose nodes changed, and writes what a fresh pass writes', () => {
    const t = setup();
    t.read();
    expect(t.sanitized).toHaveLength(4);

    t.sanitized.length = 0;
    t.edit(() => t.text(3).setTextContent('The end, typed on.')); // a text node: its paragraph object stays
    expect(t.read()).toBe(t.fresh());
    expect(t.sanitized).toEqual(['<p>The end, typed on.</p>']);

    t.sanitized.length = 0;
    t.edit(() => t.text(1, 2).toggleFormat('bold'));
    expect(t.read()).toBe(t.fresh());
    expect(t.sanitized).toEqual(['<p>Some <a href="https://example.com/">a link</a><strong> here.</strong></p>']);

    t.sanitized.length = 0;
    t.edit(() => $getRoot().getChildAtIndex<ElementNode>(1)!.getChildAtIndex<LinkNode>(1)!.setURL('https://example.org/'));
    expect(t.read()).toBe(t.fresh());
    expect(t.sanitized).toHaveLength(1);

    t.sanitized.length = 0;
    t.edit(() =>
      $getRoot()
        .getChildAtIndex<ListNode>(2)!
        .append($createListItemNode().append($createTextNode('three'))),
    );
    expect(t.read()).toContain('<li>three</li>');
    expect(t.read()).toBe(t.fresh());
    expect(t.sanitized).toEqual(['<ul><li>one</li><li>two</li><li>three</li></ul>']);

    t.sanitized.length = 0;
    t.edit(() => $getRoot().getFirstChild()!.remove());
    expect(t.read()).toBe(t.fresh());
    // the block after it is a changed copy too (its link to the previous sibling changed); the others are kept
    expect(t.sanitized).toEqual(['<p>Some <a href="https://example.org/">a link</a><strong> here.</strong></p>']);
  });

  it('after a whole earlier state is put back (undo), writes that state', () => {
    const t = setup();
    const before = t.editor.getEditorState();
    const html = t.read();
    t.edit(() => t.text(0).setTextContent('Another title'));
    expect(t.read()).toContain('Another title');
    t.editor.setEditorState(before);
    expect(t.read()).toBe(html);
  });

  it('writes nothing for an empty document, and leaves out the empty line after the last block', () => {
    const t = setup();
    t.edit(() =>
      $getRoot()
        .clear()
        .append($createParagraphNode().append($createTextNode('  '))),
    );
    expect(t.read()).toBe('');
    t.edit(() =>
      $getRoot()
        .clear()
        .append($createParagraphNode().append($createTextNode('Hi')), $createParagraphNode()),
    );
    expect(t.read()).toBe('<p>Hi</p>');
  });
});
