// The schema of the tender stream's state: a chunk of its own (with zod), imported by ./tender-events with the
// first state, so that a tender's page is drawn without building it.
export { tenderLiveState } from '@yuk/shared';
