import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from './app/provider.tsx'
import { AppRouter } from './app/router.tsx'
import { initI18n } from './lib/i18n.ts'
import { createAppServices } from './lib/services.tsx'
import { notify } from './lib/toast.tsx'
import './styles.css'

// zod compiles fast parsers with `new Function` unless told not to; the server's CSP forbids
// eval, and even zod's probe for it is reported as a violation. This is the global that
// `z.config()` writes (shared by every copy of zod), set before zod loads with the API client,
// so the first page does not load zod to configure it.
const zodShared = globalThis as { __zod_globalConfig?: Record<string, unknown> }
zodShared.__zod_globalConfig = { ...zodShared.__zod_globalConfig, jitless: true }

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
