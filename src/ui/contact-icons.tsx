import { type IconProps, Svg } from './svg'

/** The login form's channel icons, apart from ./icons so /login loads only these. */

export const MailIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </Svg>
)

export const ChatIcon = ({ size = 20 }: IconProps) => (
  <Svg size={size}>
    <path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.4L3 21l2.1-5.5A8.5 8.5 0 1 1 21 11.5z" />
  </Svg>
)
