import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { changeAvatar, PROFILE_TABS, tabAfterKey } from '../../../../src/demo/user-profile/profile'

const file = (name: string, type: string, size: number) => ({ name, type, size })

/** Records what was previewed and revoked. */
function urls() {
  const made: string[] = []
  const revoked: string[] = []
  return {
    made,
    revoked,
    preview: (picked: { name: string }) => {
      made.push(picked.name)
      return `blob:${picked.name}`
    },
    revoke: (url: string) => void revoked.push(url),
  }
}

test('a JPEG, PNG or BMP of at most 100 KB becomes the avatar, and the old preview is let go', () => {
  const log = urls()
  let avatar = ''
  for (const [name, type] of [
    ['me.jpg', 'image/jpeg'],
    ['me.png', 'image/png'],
    ['me.bmp', 'image/bmp'],
  ]) {
    const result = changeAvatar(avatar, file(name!, type!, 100_000), log.preview, log.revoke)
    assert.is(result.refusal, null, name)
    avatar = result.avatar
  }
  assert.is(avatar, 'blob:me.bmp')
  assert.equal(log.made, ['me.jpg', 'me.png', 'me.bmp'])
  assert.equal(log.revoked, ['blob:me.jpg', 'blob:me.png'])
})

test('a GIF or an SVG is refused by type; a PNG over 100 KB by size; the avatar stays and nothing is previewed', () => {
  const log = urls()
  assert.equal(changeAvatar('blob:old', file('me.gif', 'image/gif', 500), log.preview, log.revoke), { avatar: 'blob:old', refusal: { key: 'avatarType' } })
  assert.equal(changeAvatar('', file('me.svg', 'image/svg+xml', 500), log.preview, log.revoke).refusal, { key: 'avatarType' })
  assert.equal(changeAvatar('blob:old', file('big.png', 'image/png', 100_001), log.preview, log.revoke), {
    avatar: 'blob:old',
    refusal: { key: 'avatarSize', values: { max: 100 } },
  })
  assert.equal([log.made, log.revoked], [[], []])
})

test('the arrows move between the tabs and wrap, mirrored right to left; Home and End go to the ends', () => {
  assert.equal(PROFILE_TABS, ['about', 'connections', 'photos', 'timeline'])
  assert.is(tabAfterKey('about', 'ArrowRight'), 'connections')
  assert.is(tabAfterKey('about', 'ArrowLeft'), 'timeline')
  assert.is(tabAfterKey('timeline', 'ArrowRight'), 'about')
  assert.is(tabAfterKey('about', 'ArrowLeft', true), 'connections')
  assert.is(tabAfterKey('about', 'ArrowRight', true), 'timeline')
  assert.is(tabAfterKey('photos', 'Home'), 'about')
  assert.is(tabAfterKey('about', 'End'), 'timeline')
  assert.is(tabAfterKey('about', 'Enter'), null)
})

test.run()
