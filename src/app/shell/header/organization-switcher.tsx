import { useStore } from '@nanostores/react'
import { useLocation } from 'wouter'
import { notify } from '../../../stores/notices'
import { $session } from '../../../stores/session'
import { AFTER_SWITCH, switchOrganization } from '../../../stores/switch-organization'
import { Dropdown, type DropdownItem } from '../../../ui/dropdown'
import { Icon } from '../../../ui/icons'
import { useT } from '../../../ui/use-t'
import s from './header.module.css'
import own from './organization-menu.module.css'

/** The current organization's name, and a menu of the user's organizations that switches to one. */
export default function OrganizationSwitcher() {
  const t = useT()
  const user = useStore($session).user
  const [, navigate] = useLocation()
  if (!user) return null
  const currentId = user.organization.id
  const switchTo = async (id: string, name: string) => {
    const result = await switchOrganization(id)
    if (!result.ok) return notify('error', result.message)
    notify('success', t('organizationMenu.switched', { name }))
    navigate(AFTER_SWITCH)
  }
  const items: DropdownItem[] = user.organizations.map((organization) => ({
    key: organization.id,
    label: <bdi>{organization.name}</bdi>,
    checked: organization.id === currentId,
    onSelect: () => void (organization.id !== currentId && switchTo(organization.id, organization.name)),
  }))
  if (user.rights.includes('organizations')) items.push({ key: 'manage', label: t('organizationMenu.manage'), onSelect: () => navigate('~/app/organizations') })
  return (
    <Dropdown
      label={t('organizationMenu.label', { name: user.organization.name })}
      buttonClassName={s.menuButton}
      button={
        <>
          <Icon name="organization" />
          <bdi className={own.name}>{user.organization.name}</bdi>
          <Icon name="chevron-down" size={16} className={own.chevron} />
        </>
      }
      items={items}
    />
  )
}
