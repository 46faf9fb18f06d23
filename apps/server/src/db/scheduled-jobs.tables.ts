export interface ScheduledJobsTables {
  scheduled_jobs: { name: string; last_run_at: string };
}
