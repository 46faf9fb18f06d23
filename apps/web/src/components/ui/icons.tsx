import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;
export type Icon = (props: IconProps) => ReactNode;

/** Line icons drawn inline (no icon font); decorative: the text beside them, or an aria-label, names them. */
function icon(paths: ReactNode, look: { size?: string; strokeWidth?: number } = {}): Icon {
  const { size = 'size-5', strokeWidth = 1.8 } = look;
  function SvgIcon({ className = size, ...props }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
        {...props}
      >
        {paths}
      </svg>
    );
  }
  return SvgIcon;
}

export const TendersIcon = icon(
  <>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4V2.8h6V4M9 10h6M9 14h6M9 18h3" />
  </>,
);
export const PlaneIcon = icon(
  <path d="M12 2.5c.8 0 1.4.7 1.4 1.5v5.2l7.1 4.3v2l-7.1-2.2v4.4l2.3 1.8v1.6L12 20.2l-3.7.9v-1.6l2.3-1.8v-4.4l-7.1 2.2v-2l7.1-4.3V4c0-.8.6-1.5 1.4-1.5z" />,
);
export const ShipIcon = icon(
  <>
    <path d="M3 12.5h18l-2.6 5H5.6z" />
    <path d="M6.5 12.5V8.5h9v4M9.5 8.5V5.5h3v3" />
    <path d="M2.5 21c1.6 0 1.6-1 3.2-1s1.6 1 3.2 1 1.6-1 3.2-1 1.6 1 3.2 1 1.6-1 3.2-1 1.6 1 3 1" />
  </>,
);
export const TruckIcon = icon(
  <>
    <path d="M2 5.5h11v10H2z" />
    <path d="M13 8.5h4l3.5 4v3H13" />
    <circle cx="6" cy="17.5" r="1.9" />
    <circle cx="16.5" cy="17.5" r="1.9" />
  </>,
);
export const VanIcon = icon(
  <>
    <path d="M2.5 7h10.5l4 4h3.5v5.5h-18z" />
    <path d="M13 7v4h4" />
    <circle cx="7" cy="17.5" r="1.9" />
    <circle cx="16.5" cy="17.5" r="1.9" />
  </>,
);
export const OrdersIcon = icon(
  <>
    <path d="M12 2.8l8 4.5v9.4L12 21.2l-8-4.5V7.3z" />
    <path d="M4 7.3l8 4.5 8-4.5M12 11.8v9.4" />
  </>,
);
export const BidsIcon = icon(
  <>
    <path d="M3 12.2V3.5h8.7l9.1 9.1-8.6 8.6z" />
    <circle cx="7.6" cy="8" r="1.5" />
  </>,
);
export const VehiclesIcon = icon(
  <>
    <path d="M5 16.5H3v-4.3L5 7h14l2 5.2v4.3h-2" />
    <path d="M3 12.2h18M9.4 16.5h5.2" />
    <circle cx="7.3" cy="16.5" r="1.9" />
    <circle cx="16.7" cy="16.5" r="1.9" />
  </>,
);
export const BellIcon = icon(
  <>
    <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </>,
);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5" />
  </>,
);
export const CompanyIcon = icon(
  <>
    <path d="M4 21V5.5L12 3v18M12 8h8v13" />
    <path d="M7 8h2M7 12h2M7 16h2M15 12h2M15 16h2M2.5 21h19" />
  </>,
);
export const ShieldIcon = icon(
  <path d="M12 3l7.5 3v5.5c0 4.6-3.2 8.2-7.5 9.5-4.3-1.3-7.5-4.9-7.5-9.5V6L12 3zM8.8 12l2.2 2.2 4.2-4.4" />,
);
export const BookmarkIcon = icon(<path d="M7 4h10v16l-5-3.5L7 20z" />);
export const ChartIcon = icon(
  <>
    <path d="M4 4v16h16" />
    <path d="M8 16v-4M12 16V8M16 16v-6" />
  </>,
);
export const LogoutIcon = icon(<path d="M9.5 4H5v16h4.5M15.5 8l4 4-4 4M19.5 12H9.5" />);
export const ChevronDownIcon = icon(<path d="M6 9l6 6 6-6" />);
export const ChevronLeftIcon = icon(<path d="M15 6l-6 6 6 6" />);
export const ChevronRightIcon = icon(<path d="M9 6l6 6-6 6" />);
export const MenuIcon = icon(<path d="M4 6.5h16M4 12h16M4 17.5h16" />);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6L6 18" />);
export const AlertIcon = icon(
  <>
    <path d="M12 3.5l9.5 16.5h-19z" />
    <path d="M12 10v4.5M12 17.5v.01" />
  </>,
);
export const InboxIcon = icon(
  <>
    <path d="M3.5 13.5l2.5-8h12l2.5 8V19h-17z" />
    <path d="M3.5 13.5h5l1 2.5h5l1-2.5h5" />
  </>,
);
export const PhoneIcon = icon(
  <>
    <rect x="7" y="2.5" width="10" height="19" rx="2" />
    <path d="M11 18.5h2" />
  </>,
);
export const KeyIcon = icon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l8.5-8.5M16.5 6.5l2.5 2.5M14.5 8.5l2 2" />
  </>,
);
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" />
  </>,
);

/** A tick, drawn heavier and smaller than the line icons (a done step, a confirmation). */
export const CheckIcon = icon(<path d="M5 12.5l4.5 4.5L19 7.5" />, { size: 'size-4', strokeWidth: 2.4 });
/** A map pin: shipments on their way. */
export const ShipmentIcon = icon(
  <path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0 1 13 0c0 5.2-6.5 11-6.5 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" />,
);
/** A paper clip: attach a file. */
export const PaperclipIcon = icon(
  <path d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />,
  { size: 'size-4' },
);
