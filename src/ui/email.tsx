import { Fragment } from 'react'

/**
 * An e-mail address that wraps at sensible points on a narrow screen: after the '@' and before
 * each '.' of the domain ('bruno@' / 'exemplo.com.br'), never mid-word unless nothing else fits.
 */
export function Email({ value }: { value: string }) {
  const at = value.lastIndexOf('@')
  if (at < 0) return value
  const [first = '', ...rest] = value.slice(at + 1).split('.')
  return (
    <span>
      {value.slice(0, at + 1)}
      <wbr />
      {first}
      {rest.map((part, index) => (
        // The parts of one address never reorder: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          <wbr />.{part}
        </Fragment>
      ))}
    </span>
  )
}
