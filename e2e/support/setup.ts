// Every browser test file: when a test fails, print what its pages showed (failure-report.ts).
import { beforeEach } from 'vitest';
import { forgetClosedPages, reportFailedTest } from './failure-report';

beforeEach(({ task, onTestFailed }) => {
  forgetClosedPages();
  onTestFailed(() => reportFailedTest(task.name));
});
