import { Card } from '../../../ui/card'
import { Footer } from '../../../ui/footer'
import { useDocumentTitle } from '../../../ui/use-document-title'
import { BrandPanel } from './brand-panel'
import { LoginForm } from './login-form'
import * as styles from './login-screen.css'

/** Login, shown at /, /account and /account/login. */
export function LoginScreen() {
  useDocumentTitle('Sign in')
  return (
    <div className={styles.screen}>
      <BrandPanel />
      <div className={styles.formColumn}>
        <main className={styles.main}>
          <Card as="div" className={styles.card}>
            <LoginForm />
          </Card>
        </main>
        <Footer />
      </div>
    </div>
  )
}
