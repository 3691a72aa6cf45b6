import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen } from './error-screen.tsx'

interface Props {
  children: ReactNode
  /** A change of this value (the location) clears the error, so navigating away recovers. */
  resetKey?: string
}

/** Catches what a page throws while rendering, loading its code included, and shows the error screen. */
export class ErrorBoundary extends Component<Props, { error: unknown; key: string | undefined }> {
  override state = { error: null as unknown, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string | undefined }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected application error', error, info.componentStack)
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children
  }
}
