/** Inline icons (no network, no icon font). All decorative: the buttons carry the names. */
import type { ReactNode } from 'react';

function Svg({ children, size = 22 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const HomeIcon = () => (
  <Svg>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5.5 9.5V20h5v-5.5h3V20h5V9.5" />
  </Svg>
);
export const ExploreIcon = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </Svg>
);
export const InboxIcon = () => (
  <Svg>
    <path d="M4 5h16v11H9l-5 4z" />
  </Svg>
);
export const ActivityIcon = () => (
  <Svg>
    <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
  </Svg>
);
export const AccountIcon = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Svg>
);
export const ComposeIcon = () => (
  <Svg>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </Svg>
);
export const SearchIcon = () => (
  <Svg>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="m15.5 15.5 5 5" />
  </Svg>
);
export const BurgerIcon = ({ open }: { open: boolean }) => (
  <Svg>{open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}</Svg>
);
export const BackIcon = () => (
  <Svg>
    <path d="M15 5 8 12l7 7" />
  </Svg>
);
/** The help-docs shell's Topics button: a list. */
export const TopicsIcon = () => (
  <Svg>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="M4.5 6h.01M4.5 12h.01M4.5 18h.01" strokeWidth="3" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg>
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
export const ChevronIcon = () => (
  <Svg size={16}>
    <path d="m9 6 6 6-6 6" />
  </Svg>
);
export const ExternalIcon = () => (
  <Svg size={14}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
  </Svg>
);

/**
 * The five logo hover images (spec: "a hover logo animation picks a random image
 * out of 5"), shipped as inline SVG so the header needs no network.
 */
export const LOGO_HOVER_ART: readonly { name: string; art: ReactNode }[] = [
  {
    name: 'heart',
    art: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" fill="#ff4f6d" stroke="none" />,
  },
  {
    name: 'star',
    art: <path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" fill="#ffd23f" stroke="none" />,
  },
  {
    name: 'balloon',
    art: (
      <>
        <ellipse cx="12" cy="9.5" rx="6" ry="7" fill="#00b8ff" stroke="none" />
        <path d="M12 16.5v5" stroke="#fff" strokeWidth="1.2" />
      </>
    ),
  },
  {
    name: 'sparkle',
    art: <path d="M12 2c.8 5 2.2 6.6 8 8-5.8 1.4-7.2 3-8 8-.8-5-2.2-6.6-8-8 5.8-1.4 7.2-3 8-8z" fill="#b18cff" stroke="none" />,
  },
  {
    name: 'cat',
    art: (
      <>
        <path d="M5 20V8l3.5 3h7L19 8v12z" fill="#ff9f43" stroke="none" />
        <circle cx="9.5" cy="15" r="1.1" fill="#001935" stroke="none" />
        <circle cx="14.5" cy="15" r="1.1" fill="#001935" stroke="none" />
      </>
    ),
  },
];
