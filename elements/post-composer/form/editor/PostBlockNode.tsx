/**
 * The rich editor's non-text blocks (authoring spec §5: images, iframes, figures and `hr`, the
 * read-more break being `hr.read-more`): one Lexical decorator node holding an `EditorBlock`
 * (elements/post-composer/model/editor-insert.ts). It is read from the post's HTML (after the allow-list, so a
 * source is already http(s) and an iframe already sandboxed) and written back by serialize.ts.
 *
 * In the editor a block is one unit: clicking it selects it, Backspace/Delete removes a selected
 * block, and each block has its own Remove button for keyboard and pointer users alike.
 */
import { useEffect, type JSX } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalNodeSelection } from '@lexical/react/useLexicalNodeSelection';
import { mergeRegister } from '@lexical/utils';
import {
  $getNodeByKey,
  $getSelection,
  $isNodeSelection,
  CLICK_COMMAND,
  COMMAND_PRIORITY_LOW,
  DecoratorNode,
  KEY_BACKSPACE_COMMAND,
  KEY_DELETE_COMMAND,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { EditorBlock } from '../../model/editor-insert';
import { POST_IFRAME_SANDBOX } from '../../post-html';
import { hostOf } from '../../../../src/models/urls';

type SerializedPostBlockNode = Spread<{ block: EditorBlock }, SerializedLexicalNode>;

const size = (el: Element, name: 'width' | 'height'): number | undefined => {
  const n = Number(el.getAttribute(name));
  return Number.isFinite(n) && n > 0 ? Math.round(n) : undefined;
};

/** The block an `<img>` or `<iframe>` element is (null without a source). */
function mediaBlock(el: Element, caption?: string): EditorBlock | null {
  const src = el.getAttribute('src')?.trim();
  if (!src) return null;
  const width = size(el, 'width');
  const height = size(el, 'height');
  const dims = { ...(width ? { width } : {}), ...(height ? { height } : {}) };
  const captioned = caption ? { caption } : {};
  return el.localName === 'iframe'
    ? { kind: 'iframe', src, ...dims, ...captioned }
    : { kind: 'image', src, alt: el.getAttribute('alt') ?? '', ...dims, ...captioned };
}

const convertMedia = (el: HTMLElement): DOMConversionOutput | null => {
  const block = mediaBlock(el);
  return block ? { node: $createPostBlockNode(block) } : null;
};

/** A figure is its first picture or frame with the figcaption's text; the rest is not kept. */
const convertFigure = (el: HTMLElement): DOMConversionOutput | null => {
  const media = el.querySelector('img, iframe');
  const caption = el.querySelector('figcaption')?.textContent?.replace(/\s+/g, ' ').trim();
  const block = media ? mediaBlock(media, caption || undefined) : null;
  // A figure with nothing to show keeps its text as ordinary content.
  return block ? { node: $createPostBlockNode(block), after: () => [] } : null;
};

const convertRule = (el: HTMLElement): DOMConversionOutput => ({
  node: $createPostBlockNode({ kind: 'rule', readMore: el.classList.contains('read-more') }),
});

export class PostBlockNode extends DecoratorNode<JSX.Element> {
  __block: EditorBlock;

  static override getType(): string {
    return 'post-block';
  }

  static override clone(node: PostBlockNode): PostBlockNode {
    return new PostBlockNode(node.__block, node.__key);
  }

  static override importJSON(json: SerializedPostBlockNode): PostBlockNode {
    return $createPostBlockNode(json.block);
  }

  static override importDOM(): DOMConversionMap {
    return {
      img: () => ({ conversion: convertMedia, priority: 1 }),
      iframe: () => ({ conversion: convertMedia, priority: 1 }),
      figure: () => ({ conversion: convertFigure, priority: 1 }),
      hr: () => ({ conversion: convertRule, priority: 1 }),
    };
  }

  constructor(block: EditorBlock, key?: NodeKey) {
    super(key);
    this.__block = block;
  }

  override exportJSON(): SerializedPostBlockNode {
    return { ...super.exportJSON(), type: 'post-block', version: 1, block: this.__block };
  }

  /** For Lexical's own copy: the same tags serialize.ts writes (the paste goes through the allow-list). */
  override exportDOM(): DOMExportOutput {
    const template = document.createElement('template');
    // Built with DOM calls, not markup: the values are the user's.
    template.content.append(blockElement(this.__block));
    return { element: template.content.firstElementChild as HTMLElement };
  }

  getBlock(): EditorBlock {
    return this.getLatest().__block;
  }

  override createDOM(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'ed-block';
    // The block is one unit: the caret goes around it, never into its caption or buttons.
    div.setAttribute('contenteditable', 'false');
    return div;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): false {
    return false;
  }

  override getTextContent(): string {
    return '\n\n';
  }

  override decorate(): JSX.Element {
    return <BlockView nodeKey={this.__key} block={this.__block} />;
  }
}

export function $createPostBlockNode(block: EditorBlock): PostBlockNode {
  return new PostBlockNode(block);
}

export function $isPostBlockNode(node: LexicalNode | null | undefined): node is PostBlockNode {
  return node instanceof PostBlockNode;
}

/** The block as a DOM element (used by Lexical's copy; the post's HTML comes from serialize.ts). */
function blockElement(block: EditorBlock): HTMLElement {
  if (block.kind === 'rule') {
    const hr = document.createElement('hr');
    if (block.readMore) hr.className = 'read-more';
    return hr;
  }
  const media = document.createElement(block.kind === 'image' ? 'img' : 'iframe');
  media.setAttribute('src', block.src);
  if (block.kind === 'image') media.setAttribute('alt', block.alt);
  if (block.width) media.setAttribute('width', String(block.width));
  if (block.height) media.setAttribute('height', String(block.height));
  if (!block.caption) return media;
  const figure = document.createElement('figure');
  const caption = document.createElement('figcaption');
  caption.textContent = block.caption;
  figure.append(media, caption);
  return figure;
}

/** What a block is called in its Remove button and its group's name. */
export function blockName(block: EditorBlock): string {
  if (block.kind === 'rule') return block.readMore ? 'Read more break' : 'Divider';
  if (block.kind === 'image') return block.alt ? `Image: ${block.alt}` : 'Image';
  return `Embed from ${hostOf(block.src, location.href) || block.src}`;
}

function BlockView({ nodeKey, block }: { nodeKey: NodeKey; block: EditorBlock }) {
  const [editor] = useLexicalComposerContext();
  const [selected, setSelected, clearSelection] = useLexicalNodeSelection(nodeKey);

  useEffect(() => {
    const removeSelected = (event: KeyboardEvent) => {
      const selection = $getSelection();
      if (!$isNodeSelection(selection) || !selection.has(nodeKey)) return false;
      event.preventDefault();
      $getNodeByKey(nodeKey)?.remove();
      return true;
    };
    return mergeRegister(
      editor.registerCommand(
        CLICK_COMMAND,
        (event) => {
          const element = editor.getElementByKey(nodeKey);
          const target = event.composedPath()[0];
          // The Remove button does its own thing; anywhere else on the block selects it.
          if (!element || !(target instanceof Node) || !element.contains(target) || (target instanceof Element && target.closest('button')))
            return false;
          if (!event.shiftKey) clearSelection();
          setSelected(true);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
      editor.registerCommand(KEY_BACKSPACE_COMMAND, removeSelected, COMMAND_PRIORITY_LOW),
      editor.registerCommand(KEY_DELETE_COMMAND, removeSelected, COMMAND_PRIORITY_LOW),
    );
  }, [clearSelection, editor, nodeKey, setSelected]);

  const name = blockName(block);
  const remove = () => {
    editor.update(() => $getNodeByKey(nodeKey)?.selectPrevious());
    editor.update(() => $getNodeByKey(nodeKey)?.remove());
    editor.focus();
  };

  return (
    <div
      className="ed-block__frame"
      role="group"
      aria-label={name}
      data-kind={block.kind === 'rule' ? (block.readMore ? 'read-more' : 'rule') : block.kind}
      data-selected={selected || undefined}
    >
      {block.kind === 'rule' ? (
        block.readMore ? (
          <div className="ed-readmore" aria-hidden="true">
            <span>Read more</span>
          </div>
        ) : (
          <hr />
        )
      ) : (
        <figure className="ed-figure">
          {block.kind === 'image' ? (
            <img src={block.src} alt={block.alt} width={block.width} height={block.height} draggable={false} />
          ) : (
            <iframe
              src={block.src}
              title={name}
              width={block.width ?? 540}
              height={block.height ?? 304}
              sandbox={POST_IFRAME_SANDBOX}
              referrerPolicy="no-referrer"
              loading="lazy"
              tabIndex={-1}
            />
          )}
          {block.caption && <figcaption>{block.caption}</figcaption>}
        </figure>
      )}
      <button type="button" className="tl-button is-secondary ed-block__remove" onClick={remove}>
        Remove<span className="tl-visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
