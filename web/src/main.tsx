import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from './app/provider.tsx'
import { AppRouter } from './app/router.tsx'
import { initI18n } from './lib/i18n.ts'
import { createAppServices } from './lib/services.tsx'
import { notify } from './lib/toast.tsx'
import './styles.css'

const services = createAppServices({ notify: (kind, message) => void notify(kind, message) })
void initI18n()

const root = document.getElementById('root')
if (!root) throw new Error('index.html lost its #root')
createRoot(root).render(
  <StrictMode>
    <AppProvider services={services}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
)
