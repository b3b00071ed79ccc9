interface FollowButtonProps {
  blogName: string;
  following: boolean;
  busy?: boolean;
  onToggle: () => void;
  part?: string;
}

/** A toggle button: "Follow" / "Unfollow", with the blog in its accessible name. */
export function FollowButton({ blogName, following, busy, onToggle, part }: FollowButtonProps) {
  return (
    <button
      type="button"
      className={`tl-button tl-follow${following ? ' is-secondary' : ''}`}
      aria-label={`${following ? 'Unfollow' : 'Follow'} ${blogName}`}
      aria-busy={busy || undefined}
      // Not `disabled`: a disabled button drops focus and, in Firefox, ends hover on its popover.
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onToggle();
      }}
      part={part}
    >
      {following ? 'Unfollow' : 'Follow'}
    </button>
  );
}
