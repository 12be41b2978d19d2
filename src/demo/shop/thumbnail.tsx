import type { ReactNode } from 'react'
import type { ThumbnailKind } from './products'
import s from './thumbnail.module.css'

/** Each kind's drawing on a 64 x 64 grid: `body` parts take the surface, `line` the strokes, `accent` the secondary colour. */
const DRAWINGS: Record<ThumbnailKind, ReactNode> = {
  gateway: (
    <>
      <path className={s.line} d="M20 26V10M44 26V10" />
      <circle className={s.accent} cx="20" cy="9" r="2.5" />
      <circle className={s.accent} cx="44" cy="9" r="2.5" />
      <rect className={s.body} x="10" y="26" width="44" height="24" rx="4" />
      <path className={s.line} d="M16 42h6M26 42h6M36 42h6" />
      <circle className={s.accent} cx="47" cy="34" r="2" />
    </>
  ),
  sensor: (
    <>
      <rect className={s.body} x="18" y="22" width="28" height="28" rx="8" />
      <circle className={s.accent} cx="32" cy="36" r="5" />
      <path className={s.line} d="M22 16a14 14 0 0 1 20 0M17 11a21 21 0 0 1 30 0" />
    </>
  ),
  camera: (
    <>
      <path className={s.line} d="M32 10v8" />
      <rect className={s.body} x="14" y="18" width="36" height="8" rx="2" />
      <path className={s.body} d="M16 26h32a16 16 0 0 1-32 0z" />
      <circle className={s.accent} cx="32" cy="34" r="6" />
      <circle className={s.body} cx="32" cy="34" r="2" />
    </>
  ),
  antenna: (
    <>
      <path className={s.line} d="M32 22v32M24 54h16" />
      <circle className={s.accent} cx="32" cy="20" r="4" />
      <path className={s.line} d="M24 12a11 11 0 0 0 0 16M40 12a11 11 0 0 1 0 16M18 7a18 18 0 0 0 0 26M46 7a18 18 0 0 1 0 26" />
    </>
  ),
  router: (
    <>
      <path className={s.line} d="M16 34L12 14M48 34l4-20" />
      <rect className={s.body} x="8" y="34" width="48" height="14" rx="4" />
      <circle className={s.accent} cx="16" cy="41" r="2" />
      <circle className={s.accent} cx="24" cy="41" r="2" />
      <circle className={s.accent} cx="32" cy="41" r="2" />
      <path className={s.line} d="M40 41h10" />
    </>
  ),
  tracker: (
    <>
      <path className={s.body} d="M32 56S14 38 14 26a18 18 0 0 1 36 0c0 12-18 30-18 30z" />
      <circle className={s.accent} cx="32" cy="26" r="7" />
      <path className={s.line} d="M18 58h28" />
    </>
  ),
}

/** A product's picture, drawn in the theme's colours, filling its box; its name next to it says what it shows. */
export function Thumbnail({ kind }: { kind: ThumbnailKind }) {
  return (
    <svg viewBox="0 0 64 64" className={s.thumbnail} aria-hidden="true" focusable="false">
      {DRAWINGS[kind]}
    </svg>
  )
}
