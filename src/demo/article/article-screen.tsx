import { useStore } from '@nanostores/react'
import { Link } from 'wouter'
import { $locale } from '../../stores/locale'
import { $session } from '../../stores/session'
import { Brand, Footer } from '../../ui/brand'
import { buttonClass } from '../../ui/button'
import { useT } from '../../ui/use-t'
import { PUBLISHED, RELATED, RELATED_DATES, SECTIONS } from './article'
import s from './article-screen.module.css'
import { CommentForm } from './comment-form'
import './texts'

/**
 * The header of the public pages: the brand, and Register and Sign In, or the way back to the
 * console for a reader who is signed in. The session is unknown while the page prerenders and
 * hydrates, so both renders show the public links and match.
 */
function ArticleHeader() {
  const t = useT()
  const signedIn = useStore($session).loggedIn === true
  return (
    <header className={s.header}>
      <div className={s.bar}>
        <Link href="/landing" className={s.home}>
          <Brand />
        </Link>
        <nav aria-label={t('demo-article.nav')} className={s.actions}>
          {signedIn ? (
            <Link href="/app" className={buttonClass('primary')}>
              {t('demo-article.console')}
            </Link>
          ) : (
            <>
              <Link href="/register" className={buttonClass('secondary')}>
                {t('demo-article.register')}
              </Link>
              <Link href="/login" className={buttonClass('primary')}>
                {t('demo-article.signIn')}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  )
}

/** The cover: edge devices linked into a mesh over hills, in the theme's colours. */
function Cover({ label }: { label: string }) {
  const nodes = [
    [90, 150],
    [210, 90],
    [330, 140],
    [450, 70],
    [560, 130],
    [270, 200],
  ] as const
  const links = [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 4],
    [1, 5],
    [2, 5],
    [2, 4],
  ] as const
  return (
    <svg className={s.cover} viewBox="0 0 640 280" role="img" aria-label={label} preserveAspectRatio="xMidYMid slice">
      <rect className={s.sky} width="640" height="280" />
      <path className={s.far} d="M0 220 120 160l110 40 140-90 130 70 140-50v150H0z" />
      <path className={s.near} d="M0 250q160-50 320-10t320-20v60H0z" />
      {links.map(([a, b]) => (
        <line key={`${a}-${b}`} className={s.link} x1={nodes[a][0]} y1={nodes[a][1]} x2={nodes[b][0]} y2={nodes[b][1]} />
      ))}
      {nodes.map(([x, y]) => (
        <circle key={`${x}-${y}`} className={s.node} cx={x} cy={y} r="9" />
      ))}
    </svg>
  )
}

/** The demo blog article (`/blog/article`): a public page, the same for every reader, with a comment form that sends nothing. */
export default function ArticleScreen() {
  const t = useT()
  const locale = useStore($locale)
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
  const day = (iso: string) => date.format(new Date(`${iso}T00:00:00Z`))
  return (
    <>
      <ArticleHeader />
      <main className={s.main}>
        <article className={s.article} aria-labelledby="article-title">
          <header className={s.head}>
            <p className={s.kicker}>{t('demo-article.kicker')}</p>
            <h1 id="article-title" className={s.title}>
              {t('demo-article.title')}
            </h1>
            <p className={s.byline}>
              <span className={s.initials} aria-hidden="true">
                {t('demo-article.initials')}
              </span>
              <span>
                <span className={s.author}>{t('demo-article.author')}</span>
                <span className={s.muted}>
                  {t('demo-article.role')} · <time dateTime={PUBLISHED}>{day(PUBLISHED)}</time> · {t('demo-article.readingTime')}
                </span>
              </span>
            </p>
          </header>
          <Cover label={t('demo-article.cover')} />
          <p className={s.lead}>{t('demo-article.lead')}</p>
          {SECTIONS.map((section) => (
            <section key={section} aria-labelledby={`article-${section}`} className={s.section}>
              <h2 id={`article-${section}`}>{t(`demo-article.sections.${section}.title`)}</h2>
              {t(`demo-article.sections.${section}.body`)
                .split('\n\n')
                .map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
            </section>
          ))}
        </article>
        <aside className={s.related} aria-labelledby="article-related">
          <h2 id="article-related">{t('demo-article.related')}</h2>
          <ul role="list" className={s.posts}>
            {RELATED.map((post) => (
              <li key={post} className={s.post}>
                <h3 className={s.postTitle}>{t(`demo-article.posts.${post}.title`)}</h3>
                <p className={s.muted}>
                  <time dateTime={RELATED_DATES[post]}>{day(RELATED_DATES[post])}</time>
                </p>
                <p>{t(`demo-article.posts.${post}.excerpt`)}</p>
              </li>
            ))}
          </ul>
        </aside>
        <section className={s.comments} aria-labelledby="article-comment">
          <h2 id="article-comment">{t('demo-article.comment.title')}</h2>
          <p className={s.muted}>{t('demo-article.comment.intro')}</p>
          <CommentForm />
        </section>
      </main>
      <Footer className={s.footer} />
    </>
  )
}
