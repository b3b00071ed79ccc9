/**
 * The photoset's layout (authoring spec §3 photo `layout`, sent as `post[photoset_layout]`): a radio
 * group of the layouts model/photoset-layout.ts offers for the photos there are, each drawn as its
 * rows. Shown from two photos; a layout that no longer fits (a photo added or removed) shows as one
 * photo per row, which is also what is sent.
 */
import { useId } from 'react';
import { layoutChoices, layoutRows, photosetLayout } from '../model/photoset-layout';
import type { PostModel } from '../model/post';

interface Props {
  post: PostModel;
  onLayout: (layout: string) => void;
}

export function PhotosetLayoutPicker({ post, onLayout }: Props) {
  const name = useId();
  const count = post.photos.filter((p) => p.url.trim() !== '').length;
  const choices = layoutChoices(count);
  if (choices.length === 0) return null;
  const current = photosetLayout(post.layout, count);
  return (
    <fieldset className="photoset-layout" part="photoset-layout">
      <legend className="field__label">Layout</legend>
      <div className="photoset-layout__choices">
        {choices.map((choice) => (
          <label key={choice.layout} className="photoset-layout__choice">
            <input
              type="radio"
              name={name}
              value={choice.layout}
              checked={current === choice.layout}
              onChange={() => onLayout(choice.layout)}
            />
            <span className="photoset-layout__picture" aria-hidden="true">
              {layoutRows(choice.layout).map((n, row) => (
                <span key={row} className="photoset-layout__row">
                  {Array.from({ length: n }, (_, i) => (
                    <span key={i} className="photoset-layout__cell" />
                  ))}
                </span>
              ))}
            </span>
            <span className="photoset-layout__label">{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
