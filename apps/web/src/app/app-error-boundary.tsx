import { Component, type ReactNode } from 'react';
import { PageFailed } from './page-failed';

/**
 * Catches what the app's top-level screens throw while they load or render, above the router's own error
 * pages: mostly a chunk of their code or texts that failed to download (a connection lost, a page reloaded while
 * the service worker was installing). Without it React unmounts the whole app and leaves an empty page that only
 * a reload by hand brings back; with it the user is told and offered that reload.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // outside the layout, which gives the router's error pages their margins
    return (
      <div className="px-4">
        <PageFailed detail={this.state.error.message} />
      </div>
    );
  }
}
