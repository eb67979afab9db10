import { type IconProps, Svg } from './svg'

/**
 * The app's icons. The two of the login form live in ./contact-icons, so /login's first view
 * does not load this whole set (a module goes whole into one chunk).
 */

export const ArrowBackIcon = ({ size = 24 }: IconProps) => (
  <Svg size={size}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </Svg>
)

export const MoreIcon = ({ size = 24 }: IconProps) => (
  <Svg size={size}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Svg>
)

export const LogoutIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </Svg>
)

export const CloseIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
)

export const PersonIcon = ({ size = 24 }: IconProps) => (
  <Svg size={size}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
)

export const PaymentsIcon = ({ size = 24 }: IconProps) => (
  <Svg size={size}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M2 10h20M6 15h4" />
  </Svg>
)

export const CardIcon = ({ size = 24 }: IconProps) => (
  <Svg size={size}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="11" r="2.5" />
    <path d="M5.5 17a3.5 3.5 0 0 1 7 0M15 9h3M15 13h3" />
  </Svg>
)

export const CalendarIcon = ({ size = 24 }: IconProps) => (
  <Svg size={size}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </Svg>
)

export const OfflineIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <path d="M2 2l20 20M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.2-1.6M2 8.8a15 15 0 0 1 4.2-2.7M22 8.8A15 15 0 0 0 10.7 5M12 20h.01" />
  </Svg>
)

export const DownloadIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </Svg>
)

export const DocumentIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6M8 13h8M8 17h5" />
  </Svg>
)

export const GroupIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M21.5 20a6.5 6.5 0 0 0-4-6" />
  </Svg>
)

export const EditIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Svg>
)

export const EyeIcon = ({ size = 22 }: IconProps) => (
  <Svg size={size}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
)

export const PlusIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
)

export const CameraIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13" r="4" />
  </Svg>
)

export const TrashIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 13h12l1-13M9 7V4h6v3" />
  </Svg>
)

export const QrIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h3v3h-3zM20 14v.01M14 20h.01M17 17h4v4h-4" />
  </Svg>
)

export const CheckIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M20 6 9 17l-5-5" />
  </Svg>
)

export const ChevronIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="m9 6 6 6-6 6" />
  </Svg>
)

/** A page with a person on it: the holder's own data (a copy of it all). */
export const PersonalDataIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6" />
    <circle cx="12" cy="13" r="2" />
    <path d="M8.5 18.5a3.5 3.5 0 0 1 7 0" />
  </Svg>
)

/** A clock turning back: a history of past visits. */
export const HistoryIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M3 12a9 9 0 1 0 2.6-6.4L3 8" />
    <path d="M3 3v5h5M12 7v5l3 2" />
  </Svg>
)

/** A person and a plus: inviting someone. */
export const InviteIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
  </Svg>
)
