import { t } from '@lingui/core/macro'
import { useLoaderData } from '@tanstack/react-router'
import { Avatar } from '#ui/avatar'
import { Card } from '#ui/card'
import { DetailList } from '../../-shared/detail-list'
import { planLabel } from '../../-shared/plan-label'
import { SectionPage } from '../../-shared/section-page'
import { useSettingsFormActor } from '../../-shared/settings-form-actor'
import * as styles from './profile.css'
import { ProfileFormView } from './profile-form-view'
import { ProfilePictureView } from './profile-picture-view'

/**
 * dashboard/profile (spec 2): the picture (changeable), full name, e-mail, username and
 * account number, and the editable profile form; each form is a settings-form statechart.
 */
export function ProfileScreen() {
  const state = useLoaderData({ from: '/dashboard/profile' })
  const picture = useSettingsFormActor('picture')
  const profile = useSettingsFormActor('profile')
  return (
    <SectionPage title={t`Profile`} failure={state.status === 'failed' ? state.message : null}>
      {state.status === 'ready' ? (
        <>
          <Card as="section" aria-labelledby="profile-name">
            <div className={styles.identity}>
              <Avatar name={state.data.user.fullname} picture={state.data.user.picture} size={72} />
              <div>
                <h2 id="profile-name" className={styles.name}>
                  {state.data.user.fullname}
                </h2>
                <p className={styles.plan}>{planLabel(state.data.user.currentPlan)}</p>
              </div>
            </div>
            <ProfilePictureView actor={picture} />
            <DetailList
              details={[
                { label: t`Full name`, value: state.data.user.fullname },
                { label: t`E-mail`, value: state.data.user.email },
                { label: t`Username`, value: state.data.user.username },
                { label: t`Account number`, value: state.data.user.accountNumber },
              ]}
            />
          </Card>
          <ProfileFormView actor={profile} user={state.data.user} />
        </>
      ) : null}
    </SectionPage>
  )
}
