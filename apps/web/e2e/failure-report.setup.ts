import { beforeEach } from 'vitest';
import { clearFailureRecord, writeFailureReport } from './failure-report';

// Every browser test: on failure, its record (failure-report.ts).
beforeEach(({ task, onTestFailed }) => {
  clearFailureRecord();
  onTestFailed(() => writeFailureReport(task.fullName));
});
